/// The error statuses every operation must be seen answering, whatever its document lists: the mission's 400, 401,
/// 403, 404 and 429, and 5xx as 500 and 503 (the one that carries `Retry-After`). `list`'s matrix and replay's
/// coverage both read them here.
package enum MissionStatuses {
    package static let all = [400, 401, 403, 404, 429, 500, 503]
}
