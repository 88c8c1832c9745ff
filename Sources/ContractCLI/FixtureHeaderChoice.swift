import ArgumentParser
import HarnessJobs

extension FixtureHeaderChoice: ExpressibleByArgument {}
