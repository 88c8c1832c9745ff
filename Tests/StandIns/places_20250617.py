#!/usr/bin/env python3
"""A loopback stand-in for the Foursquare Places API, version 2025-06-17.

Written from Foursquare's OpenAPI document (openapi-20250617.json, info.version 20250617) and the
README beside it, not from this project's Swift code, so that the harness meets answers its authors
did not write. Python 3 standard library only. See README.md in this folder for the rules it applies.
"""

import argparse
import fnmatch
import hashlib
import json
import math
import os
import random
import re
import signal
import socket
import struct
import sys
import threading
import time
import uuid
from datetime import datetime, timedelta, timezone
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qsl, unquote, urlsplit

API_VERSION = "2025-06-17"
JSON_TYPE = "application/json; charset=utf-8"
PLACE_ID = re.compile(r"^[0-9a-f]{24}$")
JOB_ID = re.compile(r"^[0-9a-f]{32}$")
MIN_KEY_LENGTH = 16


class ApiError(Exception):
    """An answer other than 200, with the API's error body `{"message": ...}`."""

    def __init__(self, status, message, headers=None):
        super().__init__(message)
        self.status = status
        self.message = message
        self.headers = headers or {}


# ---------------------------------------------------------------------------
# Query parameters, as the document declares them (name, type, constraints).
# ---------------------------------------------------------------------------

def p(name, kind="string", required=False, minimum=None, maximum=None, enum=None, default=None):
    return {"name": name, "kind": kind, "required": required, "minimum": minimum,
            "maximum": maximum, "enum": enum, "default": default}


INT32 = (-(2 ** 31), 2 ** 31 - 1)

SEARCH_PARAMS = [
    p("query"), p("ll"), p("radius", "integer", minimum=0, maximum=100000),
    p("fsq_category_ids"), p("fsq_chain_ids"), p("exclude_fsq_chain_ids"),
    p("exclude_all_chains", "boolean"), p("fields"),
    p("min_price", "integer", minimum=1, maximum=4), p("max_price", "integer", minimum=1, maximum=4),
    p("open_at"), p("open_now", "boolean"), p("tel_format", enum=["NATIONAL", "E164"]),
    p("ne"), p("sw"), p("near"),
    p("sort", enum=["RELEVANCE", "RATING", "DISTANCE", "POPULARITY"]),
    p("limit", "integer", minimum=1, maximum=50, default=10),
]
DETAILS_PARAMS = [p("fields")]
TIPS_PARAMS = [p("limit", "integer", minimum=1, maximum=50, default=10), p("fields"),
               p("sort", enum=["POPULAR", "NEWEST"])]
# The document gives photos' limit a maximum and no minimum.
PHOTOS_PARAMS = [p("limit", "integer", maximum=50, default=10), p("sort", enum=["POPULAR", "NEWEST"]),
                 p("classifications")]
AUTOCOMPLETE_PARAMS = [
    p("query", required=True), p("ll"), p("radius", "integer"), p("types"), p("bias"),
    p("session_token"), p("limit", "integer", minimum=1, maximum=50, default=10),
]
GEOTAGGING_PARAMS = [p("fields"), p("ll"), p("hacc", "number"), p("altitude", "number"), p("query"),
                     p("limit", "integer", minimum=1, maximum=50, default=10)]
SUGGEST_STATUS_PARAMS = [p("suggested_edit_ids"), p("limit", "integer", minimum=0, maximum=50, default=10)]
SUGGEST_REVIEW_PARAMS = [p("near"), p("ne"), p("sw")]
OFFLINE_STATUS_PARAMS = [p("job_ids")]
DRY_RUN = p("dry_run", "boolean", default=True)
MERGE_PARAMS = [DRY_RUN, p("duplicate_fsq_place_ids", required=True)]
EDIT_PARAMS = [DRY_RUN, p("latitude", "number"), p("longitude", "number")] + [
    p(n) for n in ("menu", "facebook_url", "parent_id", "hours", "name", "description", "tel", "instagram",
                   "twitter", "website", "address", "locality", "region", "postcode", "country_code",
                   "add_attributes", "remove_attributes", "add_fsq_category_ids", "remove_fsq_category_ids",
                   "primary_fsq_category_id", "add_fsq_chain_ids", "remove_fsq_chain_ids",
                   "primary_fsq_chain_id", "unset_fields")
] + [p("is_private_place", "boolean")]
REMOVE_PARAMS = [DRY_RUN, p("reason", required=True,
                            enum=["CLOSED", "DOESNT_EXIST", "INAPPROPRIATE", "NOT_CLOSED", "OTHER", "PRIVATE"]),
                 p("comment")]
FLAG_PARAMS = [DRY_RUN, p("fields", required=True), p("comment")]
SUGGEST_PLACE_PARAMS = [p("name", required=True), p("latitude", "number"), p("longitude", "number"),
                        p("is_private_place", "boolean"), DRY_RUN] + [
    p(n) for n in ("categories", "address", "locality", "region", "postcode", "country_code", "chains",
                   "parent_id", "tel", "website", "email", "facebook_url", "instagram", "twitter", "hours",
                   "attributes")
]
CONFIRM_PARAMS = [p("request_id"), p("fsq_place_id"),
                  p("confirm_context", enum=["CurrentLocation", "Nearby", "Destination", "Search"]),
                  p("delayed", "boolean")]
EXECUTE_PARAMS = [p("country_codes")]
INITIALIZE_PARAMS = [p("durationSeconds", "integer", minimum=900, maximum=43200, default=3600)]

PHOTO_CLASSIFICATIONS = [
    "exhibit", "facilities", "food_or_drink", "indoor_facilities_and_classrooms", "indoor_general",
    "indoor_or_ambience", "logos", "menu", "monuments_and_landmark_buildings", "outdoor",
    "outdoor_building_and_grounds", "outdoor_building_exterior", "outdoor_grounds", "outdoor_or_storefront",
    "outdoor_scenery", "product",
]
TIP_FIELDS = ["fsq_tip_id", "created_at", "text", "lang", "url", "agree_count", "disagree_count", "photo"]
TIP_DEFAULT_FIELDS = ["fsq_tip_id", "created_at", "text"]
PLACE_FIELDS = [
    "fsq_place_id", "latitude", "longitude", "categories", "chains", "date_closed", "date_created",
    "date_refreshed", "description", "distance", "email", "extended_location", "attributes", "hours",
    "hours_popular", "link", "location", "menu", "name", "photos", "place_actions", "popularity",
    "placemaker_url", "price", "rating", "related_places", "social_media", "stats", "store_id", "tastes", "tel",
    "tips", "verified", "unresolved_flags", "veracity_rating", "website", "plugins",
]
# geotagging candidates: the same place schema minus these three (VersionedVenueV001 there).
CANDIDATE_FIELDS = [f for f in PLACE_FIELDS if f not in ("unresolved_flags", "veracity_rating", "plugins")]
AUTOCOMPLETE_TYPES = ["place", "search", "geo"]
FLAG_FIELDS = ["address", "latitude", "longitude", "locality", "name", "tel", "postcode", "region", "state",
               "website", "placeActions"]


def parse_query(raw_query, params):
    """Decodes and checks the query against the document's parameter list; returns name -> value."""
    pairs = parse_qsl(raw_query, keep_blank_values=True, errors="strict")
    seen = {}
    for name, value in pairs:
        if name in seen:
            raise ApiError(400, "Parameter %s is given more than once." % name)
        seen[name] = value
    # Parameters the document does not list are ignored, as the API ignores them.
    values = {}
    for spec in params:
        name = spec["name"]
        if name not in seen:
            if spec["required"]:
                raise ApiError(400, "Missing required parameter: %s." % name)
            values[name] = spec["default"]
            continue
        raw = seen[name]
        kind = spec["kind"]
        if kind == "integer":
            if not re.fullmatch(r"-?[0-9]+", raw):
                raise ApiError(400, "Invalid value for parameter %s: expected an integer, got '%s'." % (name, raw))
            value = int(raw)
            low = spec["minimum"] if spec["minimum"] is not None else INT32[0]
            high = spec["maximum"] if spec["maximum"] is not None else INT32[1]
            if value < low or value > high:
                raise ApiError(400, "Invalid value for parameter %s: must be between %d and %d, got %d."
                               % (name, low, high, value))
        elif kind == "number":
            try:
                value = float(raw)
            except ValueError:
                value = float("nan")
            if not math.isfinite(value):
                raise ApiError(400, "Invalid value for parameter %s: expected a number, got '%s'." % (name, raw))
        elif kind == "boolean":
            if raw not in ("true", "false"):
                raise ApiError(400, "Invalid value for parameter %s: expected true or false, got '%s'."
                               % (name, raw))
            value = raw == "true"
        else:
            value = raw
            if spec["enum"] is not None and value not in spec["enum"]:
                raise ApiError(400, "Invalid value for parameter %s: '%s' is not one of %s."
                               % (name, raw, ", ".join(spec["enum"])))
        values[name] = value
    return values


def parse_ll(name, raw):
    match = re.fullmatch(r"\s*(-?[0-9]+(?:\.[0-9]+)?)\s*,\s*(-?[0-9]+(?:\.[0-9]+)?)\s*", raw or "")
    if not match:
        raise ApiError(400, "Invalid value for parameter %s: must be latitude,longitude (e.g. 41.8781,-87.6298)."
                       % name)
    lat, lng = float(match.group(1)), float(match.group(2))
    if not (-90 <= lat <= 90 and -180 <= lng <= 180):
        raise ApiError(400, "Invalid value for parameter %s: latitude must be within [-90, 90] and longitude "
                       "within [-180, 180]." % name)
    return lat, lng


def parse_fields(raw, allowed):
    if raw is None:
        return None
    names = [f.strip() for f in raw.split(",") if f.strip()]
    if not names:
        raise ApiError(400, "Invalid value for parameter fields: it names no field.")
    unknown = [f for f in names if f not in allowed]
    if unknown:
        raise ApiError(400, "Invalid value for parameter fields: unknown field(s) %s." % ", ".join(unknown))
    return names


def comma_list(name, raw, allowed):
    """A comma-separated parameter whose items must come from `allowed` (a documented list)."""
    items = [item.strip() for item in raw.split(",") if item.strip()]
    unknown = [item for item in items if item not in allowed]
    if unknown or not items:
        raise ApiError(400, "Invalid value for parameter %s: %s (allowed: %s)."
                       % (name, ", ".join(unknown) or "empty", ", ".join(sorted(allowed))))
    return items


def select(obj, names):
    return obj if names is None else {k: v for k, v in obj.items() if k in names}


# ---------------------------------------------------------------------------
# Deterministic data: every value comes from a seeded Random keyed by the request's ids and queries.
# ---------------------------------------------------------------------------

def seeded(*parts):
    digest = hashlib.sha256("\x1f".join(str(x) for x in parts).encode("utf-8")).digest()
    return random.Random(int.from_bytes(digest[:8], "big"))


def hexdigest(*parts, length=24):
    return hashlib.sha256("\x1f".join(str(x) for x in parts).encode("utf-8")).hexdigest()[:length]


# A place id carries its coordinates, so that a place found by search has the same position when it is
# looked up by id: 6 hex digits of salt, 7 of latitude and 7 of longitude (both in 1e-5 degrees), and a
# 4-digit check. Any other 24-hex id (one from a real recording) is placed near a city chosen by its hash.
LAT_SPAN = 18_000_001
LNG_SPAN = 36_000_001


def place_id_at(lat, lng, *salt):
    lat_code = int(round((lat + 90) * 1e5)) % LAT_SPAN
    lng_code = int(round((lng + 180) * 1e5)) % LNG_SPAN
    body = "%s%07x%07x" % (hexdigest(*salt, length=6), lat_code, lng_code)
    return body + hexdigest("check", body, length=4)


def coordinates_of(place_id):
    body = place_id[:20]
    if hexdigest("check", body, length=4) == place_id[20:]:
        lat = (int(body[6:13], 16) % LAT_SPAN) / 1e5 - 90
        lng = (int(body[13:20], 16) % LNG_SPAN) / 1e5 - 180
    else:
        rng = seeded("somewhere", place_id)
        city = CITIES[rng.randrange(len(CITIES))]
        lat, lng = city[4] + rng.uniform(-0.04, 0.04), city[5] + rng.uniform(-0.04, 0.04)
    return round(lat, 6), round(lng, 6)


CITIES = [
    # name, region, country, postcode prefix, lat, lng, dma, tel area
    ("New York", "NY", "US", "100", 40.7233, -73.9981, "New York", "212"),
    ("Chicago", "IL", "US", "606", 41.8781, -87.6298, "Chicago", "312"),
    ("San Francisco", "CA", "US", "941", 37.7749, -122.4194, "San Francisco-Oakland-San Jose", "415"),
    ("Los Angeles", "CA", "US", "900", 34.0522, -118.2437, "Los Angeles", "213"),
    ("Seattle", "WA", "US", "981", 47.6062, -122.3321, "Seattle-Tacoma", "206"),
    ("Austin", "TX", "US", "787", 30.2672, -97.7431, "Austin", "512"),
    ("London", "England", "GB", "EC1", 51.5074, -0.1278, None, "20"),
    ("Paris", "Île-de-France", "FR", "750", 48.8566, 2.3522, None, "1"),
    ("Berlin", "Berlin", "DE", "101", 52.52, 13.405, None, "30"),
    ("Tokyo", "Tokyo", "JP", "100", 35.6762, 139.6503, None, "3"),
]

CATEGORIES = [
    ("13035", "Coffee Shop", "Coffee Shop", "Coffee Shops", "food_and_drink/coffeeshop_"),
    ("13065", "Restaurant", "Restaurant", "Restaurants", "food_and_drink/restaurant_"),
    ("13003", "Bar", "Bar", "Bars", "nightlife/bar_"),
    ("13064", "Pizzeria", "Pizza", "Pizzerias", "food_and_drink/pizza_"),
    ("13002", "Bakery", "Bakery", "Bakeries", "food_and_drink/bakery_"),
    ("16032", "Park", "Park", "Parks", "parks_outdoors/park_"),
    ("10027", "Museum", "Museum", "Museums", "arts_entertainment/museum_"),
    ("17018", "Bookstore", "Bookstore", "Bookstores", "shops/bookstore_"),
    ("19014", "Hotel", "Hotel", "Hotels", "travel/hotel_"),
    ("18021", "Gym", "Gym", "Gyms", "building/gym_"),
]
CATEGORY_BY_ID = {c[0]: c for c in CATEGORIES}
CHAINS = [("ab4c54c0-d68a-012e-5619-003048cad9da", "Starbucks"), ("556a8bf9a7c8957d73d4ab71", "Blue Bottle"),
          ("5a3c0fd9c4e4d4d7a1b5e2a1", "Le Pain Quotidien"), ("5b2a4e1f9d7c3a0012f4e8c3", "Pret A Manger")]
ADJECTIVES = ["Blue", "Golden", "Quiet", "Little", "Corner", "Old Town", "Sunny", "Copper", "Hidden", "Green"]
NOUNS = ["Lantern", "Fox", "Harbor", "Garden", "Oak", "Anchor", "Sparrow", "Mill", "Bridge", "Orchard"]
STREETS = ["Broadway", "Main St", "Market St", "Elm St", "Park Ave", "High St", "Church St", "River Rd"]
TASTES = ["cozy", "good for groups", "espresso", "pastries", "craft beer", "outdoor seating", "brunch",
          "vegetarian options", "quick bites", "live music", "wifi", "quiet"]
TIP_TEXTS = ["Get the {x}, you will not regret it.", "Busy at lunch; come early.",
             "Friendly staff and a great {x}.", "Ask for a table by the window.",
             "The {x} is the best in the neighborhood.", "Cash only on weekends."]
UNRESOLVED_FLAGS = ["closed", "duplicate", "doesnt_exist", "inappropriate", "private", "event_over"]
BASE_TIME = datetime(2025, 6, 17, 12, 0, 0, tzinfo=timezone.utc)


def city_near(lat, lng):
    return min(CITIES, key=lambda c: (c[4] - lat) ** 2 + (c[5] - lng) ** 2)


def iso_time(rng, days_back=3000):
    moment = BASE_TIME - timedelta(seconds=rng.randrange(days_back * 86400))
    return moment.strftime("%Y-%m-%dT%H:%M:%S.000Z")


def distance_m(lat1, lng1, lat2, lng2):
    r = 6371000.0
    p1, p2 = math.radians(lat1), math.radians(lat2)
    dp, dl = p2 - p1, math.radians(lng2 - lng1)
    a = math.sin(dp / 2) ** 2 + math.cos(p1) * math.cos(p2) * math.sin(dl / 2) ** 2
    return int(round(2 * r * math.asin(math.sqrt(a))))


def category_object(cat):
    cid, name, short, plural, icon = cat
    return {"fsq_category_id": cid, "name": name, "short_name": short, "plural_name": plural,
            "icon": {"id": hexdigest("icon", cid), "created_at": "2015-01-01T00:00:00.000Z",
                     "prefix": "https://ss3.4sqi.net/img/categories_v2/" + icon, "suffix": ".png",
                     "width": 64, "height": 64, "classifications": []}}


def chain_object(chain):
    cid, name = chain
    return {"fsq_chain_id": cid, "name": name,
            "logo": {"id": hexdigest("logo", cid), "created_at": "2016-03-01T00:00:00.000Z",
                     "prefix": "https://fastly.4sqi.net/img/chains/" + hexdigest("logo", cid, length=12) + "_",
                     "suffix": ".png", "width": 300, "height": 300, "classifications": ["logos"]}}


def photo_object(rng, place_id, index, id_key, classifications=None):
    photo_id = hexdigest("photo", place_id, index)
    width, height = rng.choice([(1440, 1920), (1920, 1440), (1080, 1080), (3024, 4032)])
    classes = classifications or [rng.choice(PHOTO_CLASSIFICATIONS)]
    return {id_key: photo_id, "created_at": iso_time(rng),
            "prefix": "https://fastly.4sqi.net/img/general/", "suffix": "/%s_%s.jpg" % (index + 1, photo_id[:12]),
            "width": width, "height": height, "classifications": classes}


def tip_object(rng, place_id, index, id_key, subject):
    text = rng.choice(TIP_TEXTS).format(x=subject)
    tip_id = hexdigest("tip", place_id, index)
    return {id_key: tip_id, "created_at": iso_time(rng), "text": text,
            "url": "https://foursquare.com/item/" + tip_id, "lang": "en",
            "agree_count": rng.randrange(0, 40), "disagree_count": rng.randrange(0, 4)}


def format_tel(area, country, local, tel_format):
    calling = {"US": "1", "GB": "44", "FR": "33", "DE": "49", "JP": "81"}[country]
    if tel_format == "E164":
        return "+%s%s%s" % (calling, area, local.replace("-", ""))
    if country == "US":
        return "(%s) %s" % (area, local)
    return "0%s %s" % (area, local)


class PlaceOptions:
    """What the request asks of each place: filters and formats that change a place's values."""

    def __init__(self, origin=None, tel_format="NATIONAL", category_ids=None, chain_ids=None,
                 no_chain=False, excluded_chains=(), min_price=None, max_price=None, open_now=None, query=None):
        self.origin = origin
        self.tel_format = tel_format or "NATIONAL"
        self.category_ids = category_ids
        self.chain_ids = chain_ids
        self.no_chain = no_chain
        self.excluded_chains = set(excluded_chains)
        self.min_price = min_price
        self.max_price = max_price
        self.open_now = open_now
        self.query = query


def make_place(place_id, options=None, nested_keys=("fsq_photo_id", "fsq_tip_id")):
    """The full place record for an id, as /places/{fsq_place_id} and search describe it."""
    options = options or PlaceOptions()
    rng = seeded("place", place_id)
    lat, lng = coordinates_of(place_id)
    city = city_near(lat, lng)
    cname, region, country, postprefix, _, _, dma, area = city
    if options.category_ids:
        cid = options.category_ids[rng.randrange(len(options.category_ids))]
        cat = CATEGORY_BY_ID.get(cid, (cid, "Category %s" % cid, "Category", "Categories", "building/default_"))
    else:
        cat = rng.choice(CATEGORIES)
    name = "%s %s %s" % (rng.choice(ADJECTIVES), rng.choice(NOUNS), cat[2])
    if options.query and rng.random() < 0.6:
        name = "%s %s" % (options.query.strip().title(), rng.choice(NOUNS))
    chains = []
    if options.chain_ids:
        chains = [chain_object((options.chain_ids[0], "Chain %s" % options.chain_ids[0][:8]))]
    elif not options.no_chain and rng.random() < 0.25:
        chain = rng.choice(CHAINS)
        if chain[0] not in options.excluded_chains:
            chains = [chain_object(chain)]
    if chains:
        name = chains[0]["name"]
    street_no = rng.randrange(1, 999)
    street = rng.choice(STREETS)
    postcode = "%s%02d" % (postprefix, rng.randrange(0, 100)) if country in ("US", "FR", "DE") else \
        "%s %d%s" % (postprefix, rng.randrange(1, 9), rng.choice("ABDEFGHJ") + rng.choice("ABDEFGHJ"))
    address = "%d %s" % (street_no, street)
    location = {"address": address, "locality": cname, "region": region, "postcode": postcode,
                "country": country, "formatted_address": "%s, %s, %s %s" % (address, cname, region, postcode)}
    if country == "GB":
        location["post_town"] = cname.upper()
        location["admin_region"] = region
    local = "%03d-%04d" % (rng.randrange(200, 999), rng.randrange(0, 10000))
    price = rng.randrange(1, 5)
    if options.min_price is not None and price < options.min_price:
        price = options.min_price
    if options.max_price is not None and price > options.max_price:
        price = options.max_price
    open_hour, close_hour = rng.choice([(7, 19), (8, 22), (11, 23), (6, 18), (10, 20)])
    regular = [{"day": d, "open": "%02d00" % open_hour, "close": "%02d00" % close_hour} for d in range(1, 8)]
    open_now = options.open_now if options.open_now is not None else rng.random() < 0.6
    total_photos = rng.randrange(3, 60)
    total_tips = rng.randrange(2, 40)
    slug = re.sub(r"[^a-z0-9]+", "", name.lower())[:20] or "place"
    closed = rng.random() < 0.05
    flags = rng.sample(UNRESOLVED_FLAGS, rng.choice([0, 0, 0, 1, 2]))
    if closed and "closed" not in flags:
        flags.append("closed")
    photo_key, tip_key = nested_keys
    place = {
        "fsq_place_id": place_id,
        "latitude": lat,
        "longitude": lng,
        "categories": [category_object(cat)],
        "chains": chains,
        "date_created": (BASE_TIME - timedelta(days=rng.randrange(300, 5000))).strftime("%Y-%m-%d"),
        "date_refreshed": (BASE_TIME - timedelta(days=rng.randrange(0, 120))).strftime("%Y-%m-%d"),
        "description": "A %s in %s, known for its %s." % (cat[1].lower(), cname, rng.choice(TASTES)),
        "email": "hello@%s.example" % slug,
        "extended_location": {"census_block_id": "%015d" % rng.randrange(10 ** 14, 10 ** 15)}
        if country == "US" else {},
        "attributes": {
            "restroom": rng.choice([True, False, "Unsure"]),
            "outdoor_seating": rng.choice([True, False]),
            "atm": rng.choice([False, "Unsure"]),
            "has_parking": rng.choice([True, False]),
            "wifi": rng.choice(["free", "paid", "n"]),
            "delivery": rng.choice([True, False]),
            "reservations": rng.choice([True, False, "Unsure"]),
            "takes_credit_card": True,
        },
        "hours": {"display": "Mon-Sun %d:00-%d:00" % (open_hour, close_hour), "is_local_holiday": False,
                  "open_now": open_now, "regular": regular},
        "hours_popular": [{"day": d, "open": "%02d00" % (open_hour + 1), "close": "%02d00" % (open_hour + 3)}
                          for d in range(1, 8)],
        "link": "/places/" + place_id,
        "location": location,
        "menu": "https://%s.example/menu" % slug,
        "name": name,
        "photos": [photo_object(rng, place_id, i, photo_key) for i in range(min(2, total_photos))],
        "place_actions": [{"action": action, "url": "https://%s.example/%s" % (slug, action),
                           "provider": provider}
                          for action, provider in rng.sample([("order", "Toast"), ("reserve", "OpenTable"),
                                                              ("menu", "Foursquare"), ("call", "Foursquare")],
                                                             rng.randrange(1, 3))],
        "popularity": round(rng.random(), 6),
        "placemaker_url": "https://foursquare.com/placemakers/review-place/" + place_id,
        "price": price,
        "rating": round(rng.uniform(5.5, 9.8), 1),
        "social_media": {"facebook_id": str(rng.randrange(10 ** 11, 10 ** 12)), "instagram": slug,
                         "twitter": slug[:15]},
        "stats": {"total_photos": total_photos, "total_ratings": rng.randrange(10, 5000), "total_tips": total_tips},
        "store_id": str(rng.randrange(1000, 99999)) if chains else "",
        "tastes": rng.sample(TASTES, 3),
        "tel": format_tel(area, country, local, options.tel_format),
        "tips": [tip_object(rng, place_id, i, tip_key, rng.choice(TASTES)) for i in range(min(1, total_tips))],
        "verified": rng.random() < 0.4,
        "unresolved_flags": flags,
        "veracity_rating": rng.randrange(1, 6),
        "website": "https://%s.example" % slug,
        "plugins": {},
    }
    if not place["extended_location"]:
        del place["extended_location"]
    if dma:
        place["extended_location"]["dma"] = dma
    if not chains:
        del place["store_id"]
    if closed:
        place["date_closed"] = (BASE_TIME - timedelta(days=rng.randrange(1, 300))).strftime("%Y-%m-%d")
    # related_places: a place sits inside a parent (a mall, a station) or holds children.
    related = {}
    if rng.random() < 0.5:
        parent_id = place_id_at(lat + 0.0004, lng - 0.0003, "parent", place_id)
        related["parent"] = related_stub(parent_id, rng)
    else:
        related["children"] = [related_stub(place_id_at(lat + 0.0001 * (i + 1), lng, "child", place_id, i), rng)
                               for i in range(rng.randrange(0, 3))]
    place["related_places"] = related
    if options.origin is not None:
        place["distance"] = distance_m(options.origin[0], options.origin[1], lat, lng)
    return place


def related_stub(place_id, rng):
    lat, lng = coordinates_of(place_id)
    cat = rng.choice(CATEGORIES)
    return {"fsq_place_id": place_id, "name": "%s %s" % (rng.choice(NOUNS), rng.choice(["Center", "Market", "Hall"])),
            "latitude": lat, "longitude": lng, "categories": [category_object(cat)]}


def candidate_place(place_id, options):
    """A geotagging candidate: VersionedVenueV001, whose nested photos and tips are keyed `id`."""
    place = make_place(place_id, options, nested_keys=("id", "id"))
    for key in ("unresolved_flags", "veracity_rating", "plugins"):
        place.pop(key, None)
    for photo in place["photos"]:
        photo.pop("classifications", None)  # VersionedPhotoV001 has no classifications
    return place


def spread_ids(centre, count, radius, *salt):
    """`count` place ids scattered within `radius` metres of `centre`, deterministic per salt."""
    rng = seeded("spread", centre, radius, *salt)
    ids = []
    for i in range(count):
        d = radius * math.sqrt(rng.random())
        theta = rng.random() * 2 * math.pi
        dlat = d * math.cos(theta) / 111_320.0
        dlng = d * math.sin(theta) / (111_320.0 * max(0.01, math.cos(math.radians(centre[0]))))
        lat = max(-90.0, min(90.0, centre[0] + dlat))
        lng = ((centre[1] + dlng + 180) % 360) - 180
        ids.append(place_id_at(lat, lng, "spread", centre, i, *salt))
    return ids


def geocode(near):
    text = near.strip()
    if not re.search(r"[A-Za-z\u00c0-\uffff]", text):
        raise ApiError(400, "Invalid value for parameter near: couldn't geocode '%s'." % near)
    for city in CITIES:
        if city[0].lower() in text.lower():
            return city[4], city[5]
    rng = seeded("near", text.lower())
    city = rng.choice(CITIES)
    return city[4] + rng.uniform(-0.2, 0.2), city[5] + rng.uniform(-0.2, 0.2)


def caller_location(handler):
    """Without ll, the API geolocates the caller's IP; a loopback caller is placed in New York."""
    return CITIES[0][4], CITIES[0][5]


def no_results(query):
    # A documented rule so fixtures can expect an empty page: a query containing "zzz" matches nothing.
    return query is not None and "zzz" in query.lower()


# ---------------------------------------------------------------------------
# Operations. Each returns (status, body); raising ApiError gives an error answer.
# ---------------------------------------------------------------------------

def require_place(place_id, message="invalid venue specified"):
    if not PLACE_ID.fullmatch(place_id):
        raise ApiError(404, message)
    return place_id


def op_search(req, q):
    if (q["ne"] is None) != (q["sw"] is None):
        raise ApiError(400, "Parameters ne and sw must be used together.")
    if q["open_at"] is not None and q["open_now"] is not None:
        raise ApiError(400, "Parameters open_at and open_now cannot be used together.")
    if q["exclude_fsq_chain_ids"] is not None and q["exclude_all_chains"] is not None:
        raise ApiError(400, "Parameters exclude_fsq_chain_ids and exclude_all_chains cannot be used together.")
    if q["open_at"] is not None and not re.fullmatch(r"[1-7]T([01][0-9]|2[0-3])[0-5][0-9]", q["open_at"]):
        raise ApiError(400, "Invalid value for parameter open_at: must be DOWTHHMM, e.g. 1T2130.")
    fields = parse_fields(q["fields"], PLACE_FIELDS)
    radius = q["radius"] if q["radius"] is not None else 22000
    origin = None
    if q["ne"] is not None:
        ne, sw = parse_ll("ne", q["ne"]), parse_ll("sw", q["sw"])
        if ne[0] < sw[0]:
            raise ApiError(400, "Invalid bounds: ne must be north of sw.")
        centre = ((ne[0] + sw[0]) / 2, (ne[1] + sw[1]) / 2)
        radius = max(1, distance_m(centre[0], centre[1], ne[0], ne[1]))
    elif q["ll"] is not None:
        centre = origin = parse_ll("ll", q["ll"])
    elif q["near"] is not None:
        centre = geocode(q["near"])
    else:
        centre = origin = caller_location(req)
    count = 0 if no_results(q["query"]) else q["limit"]
    split = lambda s: [x.strip() for x in s.split(",") if x.strip()] if s else None
    options = PlaceOptions(origin=origin, tel_format=q["tel_format"], category_ids=split(q["fsq_category_ids"]),
                           chain_ids=split(q["fsq_chain_ids"]), no_chain=bool(q["exclude_all_chains"]),
                           excluded_chains=split(q["exclude_fsq_chain_ids"]) or (), min_price=q["min_price"],
                           max_price=q["max_price"], open_now=True if (q["open_now"] or q["open_at"]) else None,
                           query=q["query"])
    ids = spread_ids(centre, count, max(radius, 50), q["query"], q["fsq_category_ids"], q["fsq_chain_ids"])
    places = [make_place(i, options) for i in ids]
    order = q["sort"] or "RELEVANCE"
    if order == "DISTANCE":
        places.sort(key=lambda pl: distance_m(centre[0], centre[1], pl["latitude"], pl["longitude"]))
    elif order == "RATING":
        places.sort(key=lambda pl: -pl["rating"])
    elif order == "POPULARITY":
        places.sort(key=lambda pl: -pl["popularity"])
    body = {"results": [select(pl, fields) for pl in places],
            "context": {"geo_bounds": {"circle": {"center": {"latitude": round(centre[0], 6),
                                                             "longitude": round(centre[1], 6)},
                                                  "radius": int(radius)}}}}
    return 200, body


def op_details(req, q, place_id):
    require_place(place_id)
    fields = parse_fields(q["fields"], PLACE_FIELDS)
    return 200, select(make_place(place_id), fields)


def op_tips(req, q, place_id):
    # The document's 404 for tips says "invalid place specified" (details and photos say "venue").
    require_place(place_id, "invalid place specified")
    fields = parse_fields(q["fields"], TIP_FIELDS) or TIP_DEFAULT_FIELDS
    place = make_place(place_id)
    rng = seeded("tips", place_id)
    total = place["stats"]["total_tips"]
    tips = []
    for i in range(total):
        tip = tip_object(rng, place_id, i, "fsq_tip_id", rng.choice(TASTES))
        if rng.random() < 0.3:
            photo = photo_object(rng, place_id, 1000 + i, "id")
            tip["photo"] = photo
        tips.append(tip)
    if q["sort"] == "NEWEST":
        tips.sort(key=lambda t: t["created_at"], reverse=True)
    else:
        tips.sort(key=lambda t: t["agree_count"] - t["disagree_count"], reverse=True)
    return 200, [select(t, fields) for t in tips[:q["limit"]]]


def op_photos(req, q, place_id):
    require_place(place_id)
    wanted = None
    if q["classifications"] is not None:
        wanted = comma_list("classifications", q["classifications"], PHOTO_CLASSIFICATIONS)
    place = make_place(place_id)
    rng = seeded("photos", place_id)
    photos = [photo_object(rng, place_id, i, "id") for i in range(place["stats"]["total_photos"])]
    if wanted:
        photos = [ph for ph in photos if ph["classifications"][0] in wanted]
    if q["sort"] == "NEWEST":
        photos.sort(key=lambda ph: ph["created_at"], reverse=True)
    limit = max(0, q["limit"])
    return 200, photos[:limit]


def highlight(text, query):
    at = text.lower().find(query.lower())
    return [{"start": at, "length": len(query)}] if at >= 0 else []


def op_autocomplete(req, q):
    query = q["query"]
    if len(query.strip()) < 3:
        raise ApiError(400, "Invalid value for parameter query: must be at least 3 characters long.")
    types = AUTOCOMPLETE_TYPES
    if q["types"] is not None:
        types = comma_list("types", q["types"], AUTOCOMPLETE_TYPES)
    if q["bias"] is not None and q["bias"] not in AUTOCOMPLETE_TYPES:
        raise ApiError(400, "Invalid value for parameter bias: '%s' (use place, search or geo)." % q["bias"])
    centre = parse_ll("ll", q["ll"]) if q["ll"] is not None else caller_location(req)
    radius = q["radius"] if q["radius"] is not None else 5000
    if radius < 0:
        raise ApiError(400, "Invalid value for parameter radius: must not be negative.")
    if no_results(query):
        return 200, {"results": []}
    rng = seeded("autocomplete", query.lower(), centre, q["types"])
    pool = []
    options = PlaceOptions(origin=centre, query=query)
    for i, pid in enumerate(spread_ids(centre, q["limit"], max(radius, 50), "ac", query.lower())):
        pool.append(("place", i, pid))
    for i in range(q["limit"]):
        pool.append(("search", i, None))
        pool.append(("geo", i, None))
    rng.shuffle(pool)
    if q["bias"] is not None:
        pool.sort(key=lambda item: item[0] != q["bias"])
    results = []
    for kind, i, pid in pool:
        if kind not in types or len(results) >= q["limit"]:
            continue
        if kind == "place":
            place = make_place(pid, options)
            primary = place["name"]
            secondary = place["location"]["formatted_address"]
            results.append({"type": "place",
                            "text": {"primary": primary, "secondary": secondary,
                                     "highlight": highlight(primary, query)},
                            "link": "/places/" + pid, "place": place})
        elif kind == "search":
            cat = CATEGORIES[(rng.randrange(len(CATEGORIES)) + i) % len(CATEGORIES)]
            primary = "%s %s" % (query.strip(), cat[3].lower())
            item = {"type": "search",
                    "text": {"primary": primary, "secondary": "", "highlight": highlight(primary, query)},
                    "link": "/places/search?query=%s" % primary.replace(" ", "+"),
                    "search": {"query": primary, "category": category_object(cat)}}
            if i % 3 == 0:
                item["search"]["chain"] = chain_object(CHAINS[i % len(CHAINS)])
            results.append(item)
        else:
            city = CITIES[(rng.randrange(len(CITIES)) + i) % len(CITIES)]
            primary = "%s %s" % (query.strip().title(), ["Heights", "Park", "Village", "Square"][i % 4])
            lat, lng = city[4] + rng.uniform(-0.05, 0.05), city[5] + rng.uniform(-0.05, 0.05)
            results.append({"type": "geo",
                            "text": {"primary": primary, "secondary": "%s, %s" % (city[0], city[2]),
                                     "highlight": highlight(primary, query)},
                            "geo": {"name": primary, "center": {"latitude": round(lat, 6),
                                                                "longitude": round(lng, 6)},
                                    "bounds": {"ne": {"latitude": round(lat + 0.01, 6),
                                                      "longitude": round(lng + 0.01, 6)},
                                               "sw": {"latitude": round(lat - 0.01, 6),
                                                      "longitude": round(lng - 0.01, 6)}},
                                    "cc": city[2], "type": "neighborhood"}})
    return 200, {"results": results}


def op_geotagging(req, q):
    fields = parse_fields(q["fields"], CANDIDATE_FIELDS)
    centre = parse_ll("ll", q["ll"]) if q["ll"] is not None else caller_location(req)
    if q["hacc"] is not None and q["hacc"] < 0:
        raise ApiError(400, "Invalid value for parameter hacc: must not be negative.")
    count = 0 if no_results(q["query"]) else q["limit"]
    spread = min(max(q["hacc"] or 30.0, 10.0), 500.0)
    options = PlaceOptions(origin=centre, query=q["query"])
    ids = spread_ids(centre, count, spread, "geotag", q["query"])
    places = sorted((candidate_place(i, options) for i in ids), key=lambda pl: pl["distance"])
    return 200, {"candidates": [select(pl, fields) for pl in places]}


def suggested_edit(rng, place_id, kind, dry_run, index=0):
    edit = {"id": hexdigest("edit", place_id, kind, index), "fsq_place_id": place_id,
            "suggested_edit_type": kind, "created_at": iso_time(rng, 30),
            "status": "dry_run" if dry_run else "pending", "rolled_back": False}
    return edit


def op_suggest(kind, params):
    def run(req, q, place_id):
        require_place(place_id)
        if kind == "merge":
            dupes = [d.strip() for d in q["duplicate_fsq_place_ids"].split(",") if d.strip()]
            if not dupes:
                raise ApiError(400, "Invalid value for parameter duplicate_fsq_place_ids: it names no place.")
            bad = [d for d in dupes if not PLACE_ID.fullmatch(d)]
            if bad:
                raise ApiError(400, "Invalid value for parameter duplicate_fsq_place_ids: %s." % ", ".join(bad))
        if kind == "flag":
            comma_list("fields", q["fields"], FLAG_FIELDS)
        if kind == "edit" and GUESSES and q["latitude"] is not None and not -90 <= q["latitude"] <= 90:
            raise ApiError(400, "Invalid value for parameter latitude: must be within [-90, 90].")
        if kind == "edit" and GUESSES and q["longitude"] is not None and not -180 <= q["longitude"] <= 180:
            raise ApiError(400, "Invalid value for parameter longitude: must be within [-180, 180].")
        rng = seeded("suggest", kind, place_id, sorted((k, str(v)) for k, v in q.items()))
        edit = suggested_edit(rng, place_id, kind, q["dry_run"])
        if kind == "merge":
            edit["matched_fsq_place_id"] = place_id
        return 200, {"suggested_edits": [edit], "errors": []}
    run.params = params
    return run


# STANDIN_NO_GUESSES=1 keeps only the document's rules: the checks below that the document does not state (a
# suggestion's latitude/longitude range, the job_ids format) are off, as on a server written from the document alone.
GUESSES = os.environ.get("STANDIN_NO_GUESSES") != "1"


def op_suggest_place(req, q):
    if not q["name"].strip():
        raise ApiError(400, "Invalid value for parameter name: must not be empty.")
    for axis, bound in (("latitude", 90), ("longitude", 180)):
        if GUESSES and q[axis] is not None and not -bound <= q[axis] <= bound:
            raise ApiError(400, "Invalid value for parameter %s: must be within [-%d, %d]." % (axis, bound, bound))
    rng = seeded("suggest-place", sorted((k, str(v)) for k, v in q.items()))
    body = {"new_place_suggestion": {"id": hexdigest("new-place", q["name"], q["latitude"], q["longitude"]),
                                     "created_at": iso_time(rng, 30),
                                     "status": "dry_run" if q["dry_run"] else "pending"},
            "errors": []}
    if q["latitude"] is not None and q["longitude"] is not None:
        match = place_id_at(q["latitude"], q["longitude"], "match", q["name"].lower())
        body["matched_fsq_place"] = {"fsq_place_id": match, "name": q["name"]}
    return 200, body


def op_suggest_status(req, q):
    rng = seeded("suggest-status", q["suggested_edit_ids"])
    if q["suggested_edit_ids"] is not None:
        ids = [i.strip() for i in q["suggested_edit_ids"].split(",") if i.strip()]
    else:
        ids = [hexdigest("edit-list", i) for i in range(50)]
    edits = []
    for edit_id in ids[:q["limit"]]:
        place_id = place_id_at(CITIES[0][4], CITIES[0][5], "edit", edit_id)
        kind = rng.choice(["edit", "flag", "remove", "merge"])
        status = rng.choice(["pending", "accepted", "rejected"])
        edit = {"id": edit_id, "fsq_place_id": place_id, "suggested_edit_type": kind,
                "created_at": iso_time(rng, 60), "rolled_back": False, "status": status}
        if status != "pending":
            edit["resolved_time"] = iso_time(rng, 5)
        edits.append(edit)
    return 200, {"suggested_edits": edits}


def op_suggest_review(req, q):
    if (q["ne"] is None) != (q["sw"] is None):
        raise ApiError(400, "Parameters ne and sw must be used together.")
    if q["ne"] is not None:
        ne, sw = parse_ll("ne", q["ne"]), parse_ll("sw", q["sw"])
        centre = ((ne[0] + sw[0]) / 2, (ne[1] + sw[1]) / 2)
    elif q["near"] is not None:
        centre = geocode(q["near"])
    else:
        raise ApiError(400, "Missing location: give near, or ne and sw.")
    rng = seeded("review", centre)
    venues = []
    for pid in spread_ids(centre, 5, 2000, "review"):
        place = make_place(pid)
        woes = [suggested_edit(rng, pid, rng.choice(["flag", "remove", "edit"]), False, i)
                for i in range(rng.randrange(1, 4))]
        venues.append({"fsq_place_id": pid, "venue_name": place["name"], "location": place["location"],
                       "woe_types": sorted({w["suggested_edit_type"] for w in woes}), "woe_count": len(woes),
                       "woes": woes})
    return 200, {"venues": venues}


def op_geotagging_confirm(req, q):
    if q["fsq_place_id"] is not None:
        require_place(q["fsq_place_id"])
    return 200, {"response": "ok"}


def op_offline_status(req, q):
    if q["job_ids"] is None:
        return 200, {"job_statuses": []}
    ids = [j.strip() for j in q["job_ids"].split(",") if j.strip()]
    bad = [j for j in ids if not JOB_ID.fullmatch(j)] if GUESSES else []
    if bad:
        raise ApiError(400, "Invalid value for parameter job_ids: %s." % ", ".join(bad))
    return 200, {"job_statuses": ["%s:%s" % (j, seeded("job", j).choice(["PENDING", "RUNNING", "SUCCEEDED"]))
                                  for j in ids]}


def credentials(job_id, duration):
    rng = seeded("credentials", job_id, duration)
    return {"access_key_id": "ASIA" + "".join(rng.choice("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567") for _ in range(16)),
            "secret_access_key": hexdigest("secret", job_id, duration, length=40),
            "session_token": hexdigest("session", job_id, duration, length=64),
            "job_id": job_id,
            "input_uri": "s3://fsq-offline-jobs/%s/input/" % job_id,
            "output_uri": "s3://fsq-offline-jobs/%s/output/" % job_id}


def op_offline_initialize(req, q):
    return 200, credentials(hexdigest("job", q["durationSeconds"], length=32), q["durationSeconds"])


def op_offline_execute(req, q, job_id):
    if not JOB_ID.fullmatch(job_id):
        raise ApiError(404, "job not found")
    return 200, {"job_id": job_id, "status": "RUNNING"}


def op_offline_refresh(req, q, job_id):
    if not JOB_ID.fullmatch(job_id):
        raise ApiError(400, "Invalid job id: %s." % job_id)
    return 200, credentials(job_id, 3600)


# (method, path template, handler, parameters): every operation in the document.
ROUTES = [
    ("GET", "/places/search", op_search, SEARCH_PARAMS),
    ("GET", "/places/suggest/status", op_suggest_status, SUGGEST_STATUS_PARAMS),
    ("GET", "/places/suggest/review", op_suggest_review, SUGGEST_REVIEW_PARAMS),
    ("POST", "/places/suggest/place", op_suggest_place, SUGGEST_PLACE_PARAMS),
    ("GET", "/places/{fsq_place_id}", op_details, DETAILS_PARAMS),
    ("GET", "/places/{fsq_place_id}/tips", op_tips, TIPS_PARAMS),
    ("GET", "/places/{fsq_place_id}/photos", op_photos, PHOTOS_PARAMS),
    ("POST", "/places/{fsq_place_id}/suggest/merge", op_suggest("merge", MERGE_PARAMS), MERGE_PARAMS),
    ("POST", "/places/{fsq_place_id}/suggest/edit", op_suggest("edit", EDIT_PARAMS), EDIT_PARAMS),
    ("POST", "/places/{fsq_place_id}/suggest/remove", op_suggest("remove", REMOVE_PARAMS), REMOVE_PARAMS),
    ("POST", "/places/{fsq_place_id}/suggest/flag", op_suggest("flag", FLAG_PARAMS), FLAG_PARAMS),
    ("GET", "/autocomplete", op_autocomplete, AUTOCOMPLETE_PARAMS),
    ("GET", "/geotagging/candidates", op_geotagging, GEOTAGGING_PARAMS),
    ("POST", "/geotagging/confirm", op_geotagging_confirm, CONFIRM_PARAMS),
    ("GET", "/offline-jobs/status", op_offline_status, OFFLINE_STATUS_PARAMS),
    ("POST", "/offline-jobs/initialize", op_offline_initialize, INITIALIZE_PARAMS),
    ("POST", "/offline-jobs/{fsq_job_id}/execute", op_offline_execute, EXECUTE_PARAMS),
    ("POST", "/offline-jobs/{fsq_job_id}/credentials/refresh", op_offline_refresh, []),
]


def match_route(path):
    """Returns [(method, handler, params, path args)] for the templates the path matches, literals first."""
    segments = path.strip("/").split("/") if path.strip("/") else []
    found = []
    for method, template, handler, params in ROUTES:
        parts = template.strip("/").split("/")
        if len(parts) != len(segments):
            continue
        args = []
        for part, seg in zip(parts, segments):
            if part.startswith("{"):
                if not seg:
                    break
                args.append(unquote(seg))
            elif part != seg:
                break
        else:
            found.append((method, handler, params, args, sum(1 for x in parts if x.startswith("{"))))
    # A literal segment wins over a template one (/places/search is not a place id).
    found.sort(key=lambda r: r[4])
    best = {}
    for method, handler, params, args, _ in found:
        best.setdefault(method, (handler, params, args))
    return best


# ---------------------------------------------------------------------------
# Response modes: renamed fields (drift) and wrong-typed fields a model reads as any JSON value (--break-openapi).
# ---------------------------------------------------------------------------

def rename_fields(value, renames):
    if isinstance(value, dict):
        return {renames.get(k, k): rename_fields(v, renames) for k, v in value.items()}
    if isinstance(value, list):
        return [rename_fields(v, renames) for v in value]
    return value


def break_place(place):
    # Every documented member is modelled (issue 65 of the harness); `plugins` is read as any JSON value, so only the
    # document sees that its entries must be objects.
    if isinstance(place.get("plugins"), dict):
        place["plugins"]["partner"] = "closed"


def break_openapi(body):
    """Gives a field the typical model reads as any JSON value the wrong JSON type, in every place of the answer."""
    if isinstance(body, dict):
        if "fsq_place_id" in body and "plugins" in body:
            break_place(body)
        for key, value in body.items():
            if key != "related_places":
                break_openapi(value)
    elif isinstance(body, list):
        for item in body:
            break_openapi(item)
    return body


STATUS_MESSAGES = {400: "Bad request.", 401: "Invalid request token.", 403: "Forbidden.",
                   404: "Not found.", 429: "Quota exceeded.", 500: "Internal server error.",
                   502: "Bad gateway.", 503: "Service unavailable.", 504: "Gateway timeout."}


# ---------------------------------------------------------------------------
# HTTP
# ---------------------------------------------------------------------------

def key_is_valid(key):
    lowered = key.lower()
    return len(key) >= MIN_KEY_LENGTH and "invalid" not in lowered and "bad" not in lowered


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    server_version = "places-standin/" + API_VERSION

    def version_string(self):
        return self.server_version
    timeout = 30  # a client that stalls mid-request does not hold a thread for the server's life

    def log_message(self, format, *args):  # noqa: A002 - the base class's signature
        pass  # one line per request is written by log_request_line instead

    def do_GET(self):
        self.answer("GET")

    def do_POST(self):
        self.answer("POST")

    def do_PUT(self):
        self.answer("PUT")

    def do_DELETE(self):
        self.answer("DELETE")

    def do_PATCH(self):
        self.answer("PATCH")

    def do_HEAD(self):
        self.answer("HEAD")

    def answer(self, method):
        started = time.monotonic()
        config = self.server.config
        number = config.count_request()
        # Whether this answer is cut short (sent in part, then the connection closed): see send_answer.
        self.cut_short = config.short_body or number <= config.cut_first
        if number <= config.reset_first:
            self.reset_connection(method, started)
            return
        front = self.front_answer(config)
        if front is not None:
            self.send_answer(method, *front, started)
            return
        status, body, headers = 500, {"message": "Internal server error."}, {}
        try:
            length = int(self.headers.get("Content-Length") or 0)
            if length > 0:
                self.rfile.read(min(length, 1 << 20))  # parameters are in the query; the body is unused
            status, body = self.route(method, config)
        except ApiError as error:
            status, body, headers = error.status, {"message": error.message}, error.headers
        except Exception as error:  # a bug here must still answer, and say so on stderr
            sys.stderr.write("standin: internal error on %s: %r\n" % (self.redacted_target(), error))
        if config.break_openapi and status == 200:
            body = break_openapi(body)
        if config.break_tips and status == 200:
            body = break_tips(body)
        if config.drops and status == 200:
            body = drop_fields(body, config.drops)
        if config.as_strings and status == 200:
            body = stringify_fields(body, config.as_strings)
        if config.renames:
            body = rename_fields(body, config.renames)
        data = json.dumps(body, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
        headers = dict(headers, **{"X-Fsq-Request-Id": uuid.uuid4().hex})
        self.send_answer(method, status, JSON_TYPE, data, headers, started)

    def send_answer(self, method, status, content_type, data, headers, started):
        """Sends the whole head (Content-Length: the whole body) and the body; an answer cut short (STANDIN_SHORT_BODY,
        STANDIN_CUT_FIRST) sends only the first half of the body and closes the connection, and its log line gives
        the bytes sent and ends with ` cut`."""
        cut = getattr(self, "cut_short", False)
        sent = data[:len(data) // 2] if cut else data
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(data)))
        for name, value in headers.items():
            self.send_header(name, value)
        if cut:
            self.close_connection = True  # no further request on this connection: it closes after the half body
        try:
            self.end_headers()
            if method != "HEAD":
                self.wfile.write(sent)
        except (BrokenPipeError, ConnectionResetError):
            pass  # the client gave up (its deadline): the request was still made, and the log counts it
        self.log_request_line(method, status, len(sent), time.monotonic() - started, " cut" if cut else "")

    def drain_body(self):
        """Reads the request's body, unused (the parameters are in the query), so that an answer sent before the
        request is routed does not leave it unread."""
        try:
            length = int(self.headers.get("Content-Length") or 0)
        except ValueError:
            length = 0
        if length > 0:
            self.rfile.read(min(length, 1 << 20))

    def reset_connection(self, method, started):
        """STANDIN_RESET_FIRST: no answer at all; the connection is closed with SO_LINGER (1, 0), so the client's
        next read or write meets a reset (RST), not an end of stream. Logged with status 0 and ` reset`."""
        self.close_connection = True
        try:
            self.drain_body()
        except (OSError, ValueError):
            pass
        try:
            self.connection.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
            # The socket's file descriptor closes once rfile (a makefile() of it) is closed too; the server's own
            # shutdown_request afterwards meets a closed socket and ignores the OSError.
            self.rfile.close()
            self.connection.close()
        except OSError:
            pass
        self.log_request_line(method, 0, 0, time.monotonic() - started, " reset")

    def front_answer(self, config):
        """What answers before the API is reached (a network or a server in front of it, a retired version), as
        (status, content type, body bytes, headers), or None when the request goes on to the API."""
        if config.captive_portal:
            self.drain_body()
            return 200, "text/html; charset=utf-8", CAPTIVE_PORTAL_PAGE, {}
        if config.html_as_json:
            self.drain_body()
            return 200, "application/json", SERVICE_PORTAL_PAGE, {}
        if config.gateway:
            self.drain_body()
            data = ("<html><head><title>%d Bad Gateway</title></head><body><center><h1>%d Bad Gateway</h1></center>"
                    "<hr><center>nginx</center></body></html>\n" % (config.gateway, config.gateway)).encode("utf-8")
            return config.gateway, "text/html", data, {}
        version = self.headers.get("X-Places-Api-Version")
        if config.retired_version and version is not None:
            self.drain_body()
            message = "Unsupported X-Places-Api-Version %s: this version was retired on 2026-11-01" % version
            return 400, "application/json", json.dumps({"message": message}).encode("utf-8"), \
                {"X-Fsq-Request-Id": uuid.uuid4().hex}
        return None

    def faults(self, method, path, config):
        """The faults a team meets, after the key is checked (a plan, a quota and a flaky write know the key)."""
        for glob in config.plan_excludes:
            if fnmatch.fnmatchcase(path, glob):
                raise ApiError(403, "Your plan does not include access to this endpoint.")
        with config.lock:
            if config.monthly_quota:
                if config.monthly_used >= config.monthly_quota:
                    raise ApiError(429, "Monthly quota exceeded.")
                config.monthly_used += 1
            if method == "POST" and config.flaky_writes and self.path not in config.flaked \
                    and len(config.flaked) < config.flaky_writes:
                config.flaked.add(self.path)
                raise ApiError(500, "Internal server error.")

    def route(self, method, config):
        split = urlsplit(self.path)
        path = split.path
        for glob, seconds in config.delays:
            if fnmatch.fnmatchcase(path, glob):
                time.sleep(seconds)
        for glob, code in config.status_for:
            if fnmatch.fnmatchcase(path, glob):
                extra = {"Retry-After": "1"} if code == 429 else {}
                raise ApiError(code, STATUS_MESSAGES.get(code, "Status %d." % code), extra)
        routes = match_route(path)
        if not routes:
            raise ApiError(404, "Not found: %s" % path)
        self.check_auth()
        self.faults(method, path, config)
        config.quota.take()
        if method not in routes:
            allowed = ", ".join(sorted(routes))
            raise ApiError(405, "Method %s not allowed on %s (allowed: %s)." % (method, path, allowed),
                           {"Allow": allowed})
        handler, params, args = routes[method]
        gone = GONE_PLACE.match(path)
        if config.gone_first and gone and gone.group(1) in config.gone:
            raise ApiError(404, "invalid place specified" if path.endswith("/tips") else "invalid venue specified")
        try:
            query = parse_query(split.query, params)
        except UnicodeDecodeError:
            raise ApiError(400, "The query is not valid UTF-8.")
        answer = handler(self, query, *args)
        gone = GONE_PLACE.match(path)
        if gone and gone.group(1) in config.gone:
            # A closed place: the request was valid (its 400s came first), the place is not found, with the
            # document's 404 for an id it does not know (tips words it as a place).
            raise ApiError(404, "invalid place specified" if path.endswith("/tips") else "invalid venue specified")
        return answer

    def check_auth(self):
        """Bearer key first (401), then the version header (400): the API answers both with `message`. With
        STANDIN_ANY_KEY the key is not checked at all (a mock that answers for the API whatever the key)."""
        auth = self.headers.get("Authorization")
        if self.server.config.any_key:
            pass
        elif auth is None or not auth.startswith("Bearer ") or not key_is_valid(auth[len("Bearer "):].strip()):
            raise ApiError(401, "Invalid request token.")
        if self.headers.get("X-Places-Api-Version") != API_VERSION:
            raise ApiError(400, "Missing or invalid X-Places-Api-Version header.")

    def redacted_target(self):
        target = self.path
        auth = self.headers.get("Authorization") if self.headers else None
        if auth:
            key = auth[len("Bearer "):] if auth.startswith("Bearer ") else auth
            for secret in {auth, key.strip()}:
                if len(secret) >= 4:
                    target = target.replace(secret, "<redacted>")
        return target

    def log_request_line(self, method, status, size, seconds, suffix=""):
        auth = self.headers.get("Authorization")
        if auth is None:
            style = "none"
        elif auth.startswith("Bearer "):
            # Which key was sent stays hidden; whether it was one this server rejects is logged, so a log tells a
            # provoked 401 from the same request with a valid key (under STANDIN_ANY_KEY too, which answers it).
            style = "Bearer <redacted>" + ("" if key_is_valid(auth[len("Bearer "):].strip()) else " (rejected)")
        else:
            style = "<redacted>"
        version = self.headers.get("X-Places-Api-Version") or "-"
        # A header this server ignores, logged so a test can tell requests apart that differ only in it.
        fixture = self.headers.get("X-Emulator-Fixture")
        sys.stderr.write("standin: %s %s -> %d %dB %.1fms auth=%s version=%s%s%s\n"
                         % (method, self.redacted_target(), status, size, seconds * 1000, style, version,
                            " fixture=%s" % fixture if fixture else "", suffix))
        sys.stderr.flush()


GONE_PLACE = re.compile(r"^/places/([0-9a-f]{24})(?:/|$)")

# STANDIN_CAPTIVE_PORTAL: a café's Wi-Fi that answers every request with its sign-in page.
CAPTIVE_PORTAL_PAGE = (
    "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>Sign in to CoffeeNet Wi-Fi</title></head>\n"
    "<body><h1>Welcome to CoffeeNet</h1><p>Accept the terms of use to get online.</p>\n"
    "<form method=\"post\" action=\"/login\"><button type=\"submit\">Connect</button></form></body></html>\n"
).encode("utf-8")
# STANDIN_HTML_AS_JSON: a portal in front that answers every request with an HTML page labelled JSON.
SERVICE_PORTAL_PAGE = (
    "<!DOCTYPE html>\n<html><head><title>Service Portal</title></head>\n"
    "<body><h1>Service Portal</h1><p>The service you asked for is not available here. Sign in to the portal "
    "to continue.</p></body></html>\n"
).encode("utf-8")


def break_tips(body):
    """Sends an entry `tips` of each place's `plugins` as a string, where the document says object."""
    if isinstance(body, dict):
        if "fsq_place_id" in body and isinstance(body.get("tips"), list) and isinstance(body.get("plugins"), dict):
            body["plugins"]["tips"] = "%d tips" % len(body["tips"])
        for value in body.values():
            break_tips(value)
    elif isinstance(body, list):
        for item in body:
            break_tips(item)
    return body


def drop_fields(body, names):
    """Removes the keys in `names` everywhere in the answer."""
    if isinstance(body, dict):
        return {key: drop_fields(value, names) for key, value in body.items() if key not in names}
    if isinstance(body, list):
        return [drop_fields(item, names) for item in body]
    return body


def stringify_fields(body, names):
    """Sends the values of the keys in `names` as JSON strings everywhere in the answer (`distance`: 120 → "120")."""
    if isinstance(body, dict):
        return {key: (json.dumps(value) if key in names and not isinstance(value, (str, dict, list)) and value is not None
                      else stringify_fields(value, names)) for key, value in body.items()}
    if isinstance(body, list):
        return [stringify_fields(item, names) for item in body]
    return body


class Quota:
    """At most `per_second` authenticated requests in any one-second window; past it, 429 with Retry-After: 1
    (the document's 429). 0 for no quota."""

    def __init__(self, per_second):
        self.per_second = per_second
        self.times = []
        self.lock = threading.Lock()

    def take(self):
        if self.per_second <= 0:
            return
        with self.lock:
            now = time.monotonic()
            self.times = [t for t in self.times if now - t < 1.0]
            if len(self.times) >= self.per_second:
                raise ApiError(429, STATUS_MESSAGES[429], {"Retry-After": "1"})
            self.times.append(now)


class Config:
    def __init__(self, args):
        self.renames = dict(args.rename)
        self.break_openapi = args.break_openapi
        self.break_tips = args.break_tips
        self.drops = set(args.drop)
        self.as_strings = set(args.as_string)
        # REALAPI_GONE=ID[,ID...]: places that closed; STANDIN_QUOTA=N: requests a second (environment, so a
        # script sets them per night without new flags).
        self.gone = {i.strip() for i in os.environ.get("REALAPI_GONE", "").split(",") if i.strip()}
        # REALAPI_GONE_FIRST=1: a closed place answers 404 before the request is validated, so a request that
        # would have been a 400 on an open place is a 404 too (servers differ in which check comes first).
        self.gone_first = os.environ.get("REALAPI_GONE_FIRST", "") == "1"
        self.quota = Quota(int(os.environ.get("STANDIN_QUOTA", "0") or 0))
        self.status_for = args.status_for
        self.delays = args.delay
        # Faults a team meets (environment, like the above). STANDIN_FLAKY_WRITES=N: the first N writes answer 500
        # once each, then as usual. STANDIN_PLAN_EXCLUDES=GLOB[,GLOB...]: paths the key's plan does not include
        # answer 403 (after the key is checked). STANDIN_MONTHLY_QUOTA=N: from the (N+1)th authenticated request
        # on, every request answers 429 with no Retry-After. STANDIN_GATEWAY=CODE: a gateway in front answers
        # every request with CODE and an HTML page.
        # What stands in front of the API or between it and the client (environment, like the above):
        # STANDIN_CAPTIVE_PORTAL=1: every request, whatever its key, answers 200 text/html with a Wi-Fi sign-in page
        # titled "Sign in to CoffeeNet Wi-Fi". STANDIN_HTML_AS_JSON=1: every request answers 200 with Content-Type
        # application/json and an HTML page titled "Service Portal". STANDIN_RETIRED_VERSION=1: every request that
        # carries X-Places-Api-Version answers 400 {"message": "Unsupported X-Places-Api-Version V: this version was
        # retired on 2026-11-01"} (V as sent), before the key is checked. STANDIN_ANY_KEY=1: the key is never
        # checked, any Authorization (a wrong one, none) gets the usual answers. STANDIN_SHORT_BODY=1: every answer
        # sends its whole head (Content-Length of the whole body), then the first half of the body, then closes the
        # connection. STANDIN_CUT_FIRST=N: the first N requests are answered so, later ones as usual.
        # STANDIN_RESET_FIRST=N: the first N requests get no answer, their connection reset (SO_LINGER 0, then
        # close). Requests are counted from the first, whatever their path. Each request still gets one log line: a
        # cut answer's gives the bytes sent and ends with " cut", a reset's gives status 0, 0B and ends with " reset".
        self.captive_portal = os.environ.get("STANDIN_CAPTIVE_PORTAL", "") == "1"
        self.html_as_json = os.environ.get("STANDIN_HTML_AS_JSON", "") == "1"
        self.retired_version = os.environ.get("STANDIN_RETIRED_VERSION", "") == "1"
        self.any_key = os.environ.get("STANDIN_ANY_KEY", "") == "1"
        self.short_body = os.environ.get("STANDIN_SHORT_BODY", "") == "1"
        self.cut_first = int(os.environ.get("STANDIN_CUT_FIRST", "0") or 0)
        self.reset_first = int(os.environ.get("STANDIN_RESET_FIRST", "0") or 0)
        self.requests = 0
        self.flaky_writes = int(os.environ.get("STANDIN_FLAKY_WRITES", "0") or 0)
        self.flaked = set()
        self.plan_excludes = [g.strip() for g in os.environ.get("STANDIN_PLAN_EXCLUDES", "").split(",") if g.strip()]
        self.monthly_quota = int(os.environ.get("STANDIN_MONTHLY_QUOTA", "0") or 0)
        self.monthly_used = 0
        self.gateway = int(os.environ.get("STANDIN_GATEWAY", "0") or 0)
        self.lock = threading.Lock()

    def count_request(self):
        """This request's number, from 1 (every request counts, whatever its path or answer)."""
        with self.lock:
            self.requests += 1
            return self.requests


def pair(text, what):
    if "=" not in text:
        form = {"--rename": "FROM=TO", "--delay": "PATH_GLOB=SECONDS"}.get(what, "PATH_GLOB=CODE")
        raise argparse.ArgumentTypeError("expected %s, got '%s'" % (form, text))
    left, right = text.split("=", 1)
    if not left or not right:
        raise argparse.ArgumentTypeError("both sides of '=' are needed, got '%s'" % text)
    return left, right


def status_pair(text):
    glob, code = pair(text, "--status-for")
    if not re.fullmatch(r"[1-5][0-9][0-9]", code):
        raise argparse.ArgumentTypeError("CODE must be an HTTP status (100-599), got '%s'" % code)
    return glob, int(code)


def delay_pair(text):
    glob, seconds = pair(text, "--delay")
    try:
        value = float(seconds)
    except ValueError:
        value = -1.0
    if not 0 <= value <= 3600:
        raise argparse.ArgumentTypeError("SECONDS must be a number within 0-3600, got '%s'" % seconds)
    return glob, value


def main(argv=None):
    parser = argparse.ArgumentParser(description="Loopback stand-in for the Foursquare Places API 2025-06-17.")
    parser.add_argument("--port", type=int, default=0, help="port on 127.0.0.1 (0: any free port)")
    parser.add_argument("--port-file", help="write the bound port to this file (atomically) once listening")
    parser.add_argument("--max-seconds", type=float, default=600,
                        help="hard lifetime: exit (status 124) after this many seconds (default 600)")
    parser.add_argument("--rename", action="append", default=[], type=lambda t: pair(t, "--rename"),
                        metavar="FROM=TO", help="rename a response field everywhere (repeatable)")
    parser.add_argument("--break-openapi", action="store_true",
                        help="send an entry of each place's plugins with the wrong JSON type (plugins.partner: a string)")
    parser.add_argument("--break-tips", action="store_true",
                        help="send an entry tips of each place's plugins as a string (the document: object)")
    parser.add_argument("--drop", action="append", default=[], metavar="FIELD",
                        help="remove a response field everywhere in 200 answers (repeatable)")
    parser.add_argument("--as-string", action="append", default=[], metavar="FIELD",
                        help="send a response field's number or boolean as a JSON string everywhere in 200 answers (repeatable)")
    parser.add_argument("--status-for", action="append", default=[], type=status_pair, metavar="PATH_GLOB=CODE",
                        help="answer requests whose path matches the glob with this status (repeatable)")
    parser.add_argument("--delay", action="append", default=[], type=delay_pair, metavar="PATH_GLOB=SECONDS",
                        help="wait this long before answering requests whose path matches the glob (repeatable)")
    args = parser.parse_args(argv)
    if not 0 <= args.port <= 65535:
        parser.error("--port: must be within 0-65535, got %d" % args.port)
    if args.max_seconds <= 0:
        parser.error("--max-seconds: must be positive")

    try:
        server = ThreadingHTTPServer(("127.0.0.1", args.port), Handler)
    except OSError as error:
        sys.stderr.write("standin: cannot listen on 127.0.0.1:%d: %s\n" % (args.port, error.strerror))
        return 2
    server.daemon_threads = True
    server.config = Config(args)
    port = server.server_address[1]
    if args.port_file:
        temp = "%s.%d.tmp" % (args.port_file, os.getpid())
        with open(temp, "w") as handle:
            handle.write("%d\n" % port)
        os.replace(temp, args.port_file)

    stop = threading.Event()
    reason = {"why": "lifetime"}

    def on_signal(signum, _frame):
        reason["why"] = signal.Signals(signum).name
        stop.set()

    signal.signal(signal.SIGTERM, on_signal)
    signal.signal(signal.SIGINT, on_signal)
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.2}, daemon=True)
    thread.start()
    sys.stderr.write("standin: Places API %s on http://127.0.0.1:%d (pid %d, lifetime %gs)\n"
                     % (API_VERSION, port, os.getpid(), args.max_seconds))
    sys.stderr.flush()
    stop.wait(args.max_seconds)
    server.shutdown()
    server.server_close()
    if reason["why"] == "lifetime":
        sys.stderr.write("standin: lifetime of %gs reached, exiting\n" % args.max_seconds)
        return 124
    sys.stderr.write("standin: %s, exiting\n" % reason["why"])
    return 0


if __name__ == "__main__":
    sys.exit(main())
