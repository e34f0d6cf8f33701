import Foundation
import Testing
import TestSupport

/// `livetext` run against one test's Xvfb.
extension XPeers {
    /// Runs `livetext` with `DISPLAY` set to `server`, off the cooperative pool.
    static func livetext(_ arguments: [String], on server: TestDisplay,
                         environment: [String: String] = [:]) async throws -> CLIProcess.Outcome {
        let env = server.environment.merging(environment) { $1 }
        return try await offPool { try CLIProcess.run(arguments, environment: env) }
    }

    /// The JSON document `livetext --json` printed.
    static func document(_ stdout: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(stdout.utf8)) as? [String: Any])
    }
}
