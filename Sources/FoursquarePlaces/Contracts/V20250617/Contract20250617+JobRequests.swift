import Foundation

// Geotagging confirmations and offline jobs: writes the API cannot rehearse (no `dry_run`), and the job status read.

extension Contract20250617 {
    /// How the user came to pick a candidate (`confirm_context`).
    public enum ConfirmContext: String, Sendable, Hashable, CaseIterable, Codable, QueryEnum {
        /// The values of `confirm_context`: the user's own location, a nearby list, a destination, or a search.
        case currentLocation = "CurrentLocation", nearby = "Nearby", destination = "Destination", search = "Search"
    }

    /// `POST /geotagging/confirm`: report which candidate of `/geotagging/candidates` the user picked.
    public struct GeotaggingConfirmRequest: WriteRequest, Hashable {
        public typealias Response = GeotaggingConfirmation
        public static var endpointID: EndpointID { .geotaggingConfirm }
        /// The `request_id` of the candidates answer the pick came from.
        public var requestID: String?
        /// The place picked (`fsq_place_id`, in the query).
        public var placeID: String?
        /// How the user came to pick the place (`confirm_context`).
        public var confirmContext: ConfirmContext?
        /// Whether the pick was made later than the candidates were shown.
        public var delayed: Bool?

        /// A confirmation of `placeID` for the candidates answer `requestID`.
        public init(requestID: String? = nil, placeID: String? = nil, confirmContext: ConfirmContext? = nil, delayed: Bool? = nil) {
            self.requestID = requestID
            self.placeID = placeID
            self.confirmContext = confirmContext
            self.delayed = delayed
        }
    }

    /// `GET /offline-jobs/status`: the status of the caller's offline jobs.
    public struct OfflineJobsStatusRequest: EndpointRequest, Hashable {
        public typealias Response = OfflineJobStatuses
        public static var endpointID: EndpointID { .offlineJobsStatus }
        /// The jobs to report on (`job_ids`); nil reports every job of the caller.
        public var jobIDs: [String]?

        /// The status of `jobIDs`, or of every job.
        public init(jobIDs: [String]? = nil) { self.jobIDs = jobIDs }
    }

    /// `POST /offline-jobs/initialize`: start a job and get temporary storage credentials for its input.
    public struct OfflineJobsInitializeRequest: WriteRequest, Hashable {
        public typealias Response = OfflineJobCredentials
        public static var endpointID: EndpointID { .offlineJobsInitialize }
        /// How long the credentials last, 900...43200 seconds.
        public var durationSeconds: Int?

        /// A new job whose credentials last `durationSeconds`.
        public init(durationSeconds: Int? = nil) { self.durationSeconds = durationSeconds }
    }

    /// `POST /offline-jobs/{fsq_job_id}/execute`: run a job (billable).
    public struct OfflineJobsExecuteRequest: WriteRequest, Hashable {
        public typealias Response = OfflineJobExecution
        public static var endpointID: EndpointID { .offlineJobsExecute }
        /// The job to run (`fsq_job_id` in the path), as `initialize` returned it.
        public var jobID: String
        /// ISO country codes to limit the job to.
        public var countryCodes: [String]?

        /// A run of the job `jobID`.
        public init(jobID: String, countryCodes: [String]? = nil) {
            self.jobID = jobID
            self.countryCodes = countryCodes
        }

        /// The path with the job id.
        public func path() throws(FoursquareError) -> String { try Self.endpoint.path(placeID: jobID) }
    }

    /// `POST /offline-jobs/{fsq_job_id}/credentials/refresh`: new temporary credentials for a job.
    public struct OfflineJobsCredentialsRefreshRequest: WriteRequest, Hashable {
        public typealias Response = OfflineJobCredentials
        public static var endpointID: EndpointID { .offlineJobsCredentialsRefresh }
        /// The job whose credentials to renew (`fsq_job_id` in the path).
        public var jobID: String

        /// Fresh credentials for the job `jobID`.
        public init(jobID: String) { self.jobID = jobID }

        /// The path with the job id.
        public func path() throws(FoursquareError) -> String { try Self.endpoint.path(placeID: jobID) }
    }
}

// 2025-06-17's geotagging and offline-job requests belong to 2025-06-17.
extension Contract20250617.GeotaggingConfirmRequest: ContractRequest { public typealias APIContract = Contract20250617 }
extension Contract20250617.OfflineJobsStatusRequest: ContractRequest { public typealias APIContract = Contract20250617 }
extension Contract20250617.OfflineJobsInitializeRequest: ContractRequest { public typealias APIContract = Contract20250617 }
extension Contract20250617.OfflineJobsExecuteRequest: ContractRequest { public typealias APIContract = Contract20250617 }
extension Contract20250617.OfflineJobsCredentialsRefreshRequest: ContractRequest { public typealias APIContract = Contract20250617 }
