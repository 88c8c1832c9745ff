import Foundation

// Answers of the suggestion, geotagging-confirmation and offline-job operations, from Foursquare's document.
// As with the other models, every field is optional: the document marks none required.

extension Contract20250617 {
    /// One suggestion and where it stands.
    public struct SuggestedEdit: Codable, Sendable, Hashable {
        public var id: String?
        public var placeID: String?
        /// `edit`, `flag`, `remove`, `merge`, …
        public var suggestedEditType: String?
        public var createdAt: String?
        public var resolvedTime: String?
        public var status: String?
        public var createdPlaceID: String?
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
            public var createdAt: String?
            public var resolvedTime: String?
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
            public var placeID: String?
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

        public var newPlaceSuggestion: NewPlace?
        public var matchedPlace: MatchedPlace?
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
            public var placeID: String?
            public var venueName: String?
            public var location: Location?
            public var woeTypes: [String]?
            public var woeCount: Int?
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
        public var accessKeyID: String?
        public var secretAccessKey: String?
        public var sessionToken: String?
        public var jobID: String?
        public var inputURI: String?
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
        public var jobID: String?
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
