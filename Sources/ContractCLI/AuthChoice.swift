import ArgumentParser
import HarnessCore
import HarnessJobs
import HarnessReports
import HarnessReplay
import HarnessProject
import Foundation
import FoursquarePlaces

/// Which auth styles to run.
package enum AuthChoice: String, ExpressibleByArgument, CaseIterable {
    case apiKey, bearer, both

    package var styles: [AuthStyle] {
        switch self {
        case .apiKey: return [.apiKey]
        case .bearer: return [.bearer]
        case .both: return AuthStyle.allCases
        }
    }
}
