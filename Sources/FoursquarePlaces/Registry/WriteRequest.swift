import Foundation

/// A request that changes data on Foursquare's side: a suggestion, a geotagging confirmation, an offline job.
/// The harness never retries one, and calls one against a real server only as a dry run or when asked.
public protocol WriteRequest: EndpointRequest {}

/// A write the API can rehearse: with `dryRun` true (the API's default) it checks and answers, and changes nothing.
public protocol DryRunnableRequest: WriteRequest {
    /// `dry_run`; nil leaves it to the API, whose default is a dry run.
    var dryRun: Bool? { get set }
}

extension Endpoint {
    /// What calling an operation does to the server's data, read from its request type.
    package enum Effect: String, Sendable, Hashable, CustomStringConvertible {
        /// Reads only.
        case read
        /// Writes, and takes `dry_run`.
        case dryRunnableWrite = "write (dry run possible)"
        /// Writes, with no way to rehearse it.
        case write

        package var description: String { rawValue }

        /// Whether the call may change data.
        package var writes: Bool { self != .read }

        init(_ type: any EndpointRequest.Type) {
            if type is any DryRunnableRequest.Type { self = .dryRunnableWrite }
            else if type is any WriteRequest.Type { self = .write }
            else { self = .read }
        }
    }

    /// The query parameter that makes a write a dry run, the same on every operation that has one.
    package static let dryRunParameter = "dry_run"

    /// What calling this operation does to the server's data.
    package var effect: Effect { Effect(requestType) }
}
