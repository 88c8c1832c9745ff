/// An error a `Transport` throws that knows which `FoursquareError.Code` it is, so the client reports it with that
/// code instead of `.transportFailed`: a deadline (`.timedOut`), a replayed call no fixture answers
/// (`.fixtureMismatch`), or your own transport's equivalents.
public protocol TransportErrorClassifying: Error, Sendable {
    /// The code the client's `FoursquareError` carries for this error.
    var foursquareErrorCode: FoursquareError.Code { get }
}
