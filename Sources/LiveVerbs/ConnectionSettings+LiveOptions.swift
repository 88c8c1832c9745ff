import HarnessJobs
import FixtureFormat
import Foundation
import FoursquarePlaces
import HarnessCore
import HarnessLive
import HarnessProject

extension ConnectionSettings {
    /// The live options over `stack` (main's, nil without the Live trait) with `key` (`LiveSession`'s, read from the
    /// environment there), the body cap (`--max-body`, else `LiveStack.defaultMaxBody`) included; refuses a key too
    /// short to redact without rewriting other text.
    package func options(authStyles: [AuthStyle], apiVersion: String, key: APIKey?, stack: (any LiveHTTPStack)?) throws -> LiveOptions {
        guard let baseURL else { throw UsageFailure("--base-url is required") }
        guard let url = BaseURL.parse(baseURL) else {
            throw UsageFailure("--base-url '\(baseURL)' is not an http(s) URL with a host")
        }
        guard concurrency >= 1 else { throw UsageFailure("--concurrency \(concurrency): must be at least 1") }
        guard timeout > 0, timeout.isFinite else { throw UsageFailure("--timeout \(timeout): must be a positive number of seconds") }
        guard retries >= 0 else { throw UsageFailure("--retries \(retries): must be 0 or more") }
        guard deadline > 0, deadline.isFinite else { throw UsageFailure("--deadline \(deadline): must be a positive number of seconds") }
        let selectFixture: Bool
        switch fixtureHeader {
        case .auto: selectFixture = LiveOptions.isLoopback(url)
        case .always: selectFixture = true
        case .never: selectFixture = false
        }
        let writes: WritePolicy
        do throws(WritePolicyError) { writes = try WritePolicy.parse(allowWrites) } catch {
            throw UsageFailure("--allow-writes: \(error.description)")
        }
        var options = LiveOptions(baseURL: url, key: key, authStyles: authStyles, apiVersion: apiVersion,
                                  concurrency: concurrency, timeout: timeout, retries: retries, deadline: deadline,
                                  selectFixtureHeader: selectFixture, seed: seed)
        options.writes = writes
        options.outsidePlan = Set(outsidePlan)
        options.stack = try configuredStack(stack)
        let maxBody = self.maxBody ?? LiveStack.defaultMaxBody
        guard maxBody > 0 else { throw UsageFailure("--max-body \(maxBody): must be a positive number of bytes") }
        options.maxBody = maxBody
        if let key, let problem = KeyScrubber.problem(with: key) { throw UsageFailure(problem) }
        return options
    }

    /// The live stack with the trust and proxies of `--ca-file` and the environment (`SSL_CERT_FILE`,
    /// `HTTPS_PROXY`, …), checked before any call; nil without a stack (a binary built without the Live trait).
    package func configuredStack(_ stack: (any LiveHTTPStack)?, environment: [String: String] = ProcessInfo.processInfo.environment) throws -> (any LiveHTTPStack)? {
        do {
            let settings = try NetworkSettings(environment: environment, caFile: caFile)
            return try stack?.configured(settings)
        } catch let error as NetworkSettingsError {
            throw UsageFailure(error.description)
        }
    }
}
