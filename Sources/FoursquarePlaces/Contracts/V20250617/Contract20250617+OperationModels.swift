import Foundation

// Answers of the suggestion, geotagging-confirmation and offline-job operations, from Foursquare's document.
// As with the other models, every field is optional: the document marks none required.

extension Contract20250617 {
    /// One suggestion and where it stands.
    public struct SuggestedEdit: Codable, Sendable, Hashable {
        public var id: String?
        /// The place the suggestion is about (`fsq_place_id`).
        public var placeID: String?
        /// `edit`, `flag`, `remove`, `merge`, …
        public var suggestedEditType: String?
        /// When the suggestion was made (`created_at`), as the API writes it.
        public var createdAt: String?
        /// When the suggestion was resolved (`resolved_time`); nil while it is pending.
        public var resolvedTime: String?
        /// Where the suggestion stands (`status`), as the API writes it.
        public var status: String?
        /// The place the suggestion created, if any (`created_fsq_place_id`).
        public var createdPlaceID: String?
        /// The existing place the suggestion was matched to, if any (`matched_fsq_place_id`).
        public var matchedPlaceID: String?

        /// A suggestion with the given fields.
        public init(
            id: String? = nil, placeID: String? = nil, suggestedEditType: String? = nil, createdAt: String? = nil,
            resolvedTime: String? = nil, status: String? = nil, createdPlaceID: String? = nil, matchedPlaceID: String? = nil
        ) {
            self.id = id
            self.placeID = placeID
            self.suggestedEditType = suggestedEditType
            self.createdAt = createdAt
            self.resolvedTime = resolvedTime
            self.status = status
            self.createdPlaceID = createdPlaceID
            self.matchedPlaceID = matchedPlaceID
        }

        enum CodingKeys: String, CodingKey {
            case id, status
            case placeID = "fsq_place_id"
            case suggestedEditType = "suggested_edit_type"
            case createdAt = "created_at"
            case resolvedTime = "resolved_time"
            case createdPlaceID = "created_fsq_place_id"
            case matchedPlaceID = "matched_fsq_place_id"
        }
    }

    /// The answer of the edit, flag, remove and merge suggestions and of `suggest/status`.
    public struct SuggestedEdits: Codable, Sendable, Hashable {
        /// The suggestions the call made or looked up (`suggested_edits`).
        public var suggestedEdits: [SuggestedEdit]?
        /// Why a suggestion was not accepted, one line each.
        public var errors: [String]?

        /// An answer with these suggestions and errors.
        public init(suggestedEdits: [SuggestedEdit]? = nil, errors: [String]? = nil) {
            self.suggestedEdits = suggestedEdits
            self.errors = errors
        }

        enum CodingKeys: String, CodingKey {
            case errors
            case suggestedEdits = "suggested_edits"
        }
    }

    /// The answer of `suggest/place`: the suggestion, or the existing place it matched.
    public struct PlaceSuggestion: Codable, Sendable, Hashable {
        /// A new-place suggestion and where it stands.
        public struct NewPlace: Codable, Sendable, Hashable {
            public var id: String?
            /// When the suggestion was made (`created_at`), as the API writes it.
            public var createdAt: String?
            /// When the suggestion was resolved (`resolved_time`); nil while it is pending.
            public var resolvedTime: String?
            /// Where the suggestion stands (`status`).
            public var status: String?

            /// A suggestion with the given fields.
            public init(id: String? = nil, createdAt: String? = nil, resolvedTime: String? = nil, status: String? = nil) {
                self.id = id
                self.createdAt = createdAt
                self.resolvedTime = resolvedTime
                self.status = status
            }

            enum CodingKeys: String, CodingKey {
                case id, status
                case createdAt = "created_at"
                case resolvedTime = "resolved_time"
            }
        }

        /// A place Foursquare already has that the suggestion matched.
        public struct MatchedPlace: Codable, Sendable, Hashable {
            /// The matched place's Foursquare id (`fsq_place_id`).
            public var placeID: String?
            /// The matched place's name as Foursquare lists it.
            public var name: String?

            /// A matched place with the given fields.
            public init(placeID: String? = nil, name: String? = nil) {
                self.placeID = placeID
                self.name = name
            }

            enum CodingKeys: String, CodingKey {
                case name
                case placeID = "fsq_place_id"
            }
        }

        /// The new-place suggestion the call made (`new_place_suggestion`).
        public var newPlaceSuggestion: NewPlace?
        /// The existing place the suggestion duplicates (`matched_fsq_place`); nil when none matched.
        public var matchedPlace: MatchedPlace?
        /// Why the suggestion was not accepted, one line each (`errors`).
        public var errors: [String]?

        /// An answer with the given fields.
        public init(newPlaceSuggestion: NewPlace? = nil, matchedPlace: MatchedPlace? = nil, errors: [String]? = nil) {
            self.newPlaceSuggestion = newPlaceSuggestion
            self.matchedPlace = matchedPlace
            self.errors = errors
        }

        enum CodingKeys: String, CodingKey {
            case errors
            case newPlaceSuggestion = "new_place_suggestion"
            case matchedPlace = "matched_fsq_place"
        }
    }

    /// The answer of `suggest/review`: places with open problems.
    public struct ReviewVenues: Codable, Sendable, Hashable {
        /// A place with open problems ("woes").
        public struct Venue: Codable, Sendable, Hashable {
            /// The venue's Foursquare id (`fsq_place_id`).
            public var placeID: String?
            /// The venue's name as Foursquare lists it (`venue_name`).
            public var venueName: String?
            /// The venue's address (`location`).
            public var location: Location?
            /// The kinds of problem open on the venue (`woe_types`).
            public var woeTypes: [String]?
            /// How many problems are open on the venue (`woe_count`).
            public var woeCount: Int?
            /// The open problems themselves, as suggestions (`woes`).
            public var woes: [SuggestedEdit]?

            /// A venue with the given fields.
            public init(
                placeID: String? = nil, venueName: String? = nil, location: Location? = nil, woeTypes: [String]? = nil,
                woeCount: Int? = nil, woes: [SuggestedEdit]? = nil
            ) {
                self.placeID = placeID
                self.venueName = venueName
                self.location = location
                self.woeTypes = woeTypes
                self.woeCount = woeCount
                self.woes = woes
            }

            enum CodingKeys: String, CodingKey {
                case location, woes
                case placeID = "fsq_place_id"
                case venueName = "venue_name"
                case woeTypes = "woe_types"
                case woeCount = "woe_count"
            }
        }

        /// The venues with open problems (`venues`).
        public var venues: [Venue]?

        /// An answer with these venues.
        public init(venues: [Venue]? = nil) { self.venues = venues }
    }

    /// The answer of `geotagging/confirm`.
    public struct GeotaggingConfirmation: Codable, Sendable, Hashable {
        /// The API's one-word acknowledgement.
        public var response: String?

        /// An answer with this acknowledgement.
        public init(response: String? = nil) { self.response = response }
    }

    /// The answer of `offline-jobs/status`.
    public struct OfflineJobStatuses: Codable, Sendable, Hashable {
        /// One status line per job.
        public var jobStatuses: [String]?

        /// An answer with these statuses.
        public init(jobStatuses: [String]? = nil) { self.jobStatuses = jobStatuses }

        enum CodingKeys: String, CodingKey {
            case jobStatuses = "job_statuses"
        }
    }

    /// The answer of `offline-jobs/initialize` and `credentials/refresh`: temporary storage credentials.
    /// Its description shows the job and where its files go, never the three secrets.
    public struct OfflineJobCredentials: Codable, Sendable, Hashable, CustomStringConvertible {
        /// The temporary storage access key id (`access_key_id`); never printed by `description`.
        public var accessKeyID: String?
        /// The temporary storage secret (`secret_access_key`); never printed by `description`.
        public var secretAccessKey: String?
        /// The temporary storage session token (`session_token`); never printed by `description`.
        public var sessionToken: String?
        /// The job these credentials belong to (`job_id`).
        public var jobID: String?
        /// Where to upload the job's input (`input_uri`).
        public var inputURI: String?
        /// Where the job writes its output (`output_uri`).
        public var outputURI: String?

        /// Credentials with the given fields.
        public init(
            accessKeyID: String? = nil, secretAccessKey: String? = nil, sessionToken: String? = nil, jobID: String? = nil,
            inputURI: String? = nil, outputURI: String? = nil
        ) {
            self.accessKeyID = accessKeyID
            self.secretAccessKey = secretAccessKey
            self.sessionToken = sessionToken
            self.jobID = jobID
            self.inputURI = inputURI
            self.outputURI = outputURI
        }

        public var description: String {
            "OfflineJobCredentials(job: \(jobID ?? "nil"), input: \(inputURI ?? "nil"), output: \(outputURI ?? "nil"), secrets: <redacted>)"
        }

        /// The answer fields that hold a credential: redacted before any fixture is written.
        public static let secretFields = [CodingKeys.accessKeyID, .secretAccessKey, .sessionToken].map(\.stringValue)

        enum CodingKeys: String, CodingKey {
            case accessKeyID = "access_key_id"
            case secretAccessKey = "secret_access_key"
            case sessionToken = "session_token"
            case jobID = "job_id"
            case inputURI = "input_uri"
            case outputURI = "output_uri"
        }
    }

    /// The answer of `offline-jobs/{fsq_job_id}/execute`.
    public struct OfflineJobExecution: Codable, Sendable, Hashable {
        /// The job that was started (`job_id`).
        public var jobID: String?
        /// Where the run stands (`status`), as the API writes it.
        public var status: String?

        /// An answer with the given fields.
        public init(jobID: String? = nil, status: String? = nil) {
            self.jobID = jobID
            self.status = status
        }

        enum CodingKeys: String, CodingKey {
            case status
            case jobID = "job_id"
        }
    }
}
