import ArgumentParser
import Foundation
import LiveTextCore

/// Parses, runs, and maps every failure once to the exit codes of PRODUCT.md.
enum CommandRunner {
    static func run(_ arguments: [String]) async -> Int32 {
        do {
            var command = try LiveTextCommand.parseAsRoot(arguments)
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
            return 0
        } catch let error as LiveTextError {
            Diagnostics.error(error.message)
            return error.code.exitCode
        } catch let exit as ExitCode {
            return exit.rawValue
        } catch {
            let code = LiveTextCommand.exitCode(for: error)
            let message = LiveTextCommand.fullMessage(for: error)
            if code == .success {
                if !message.isEmpty { FileHandle.standardOutput.write(Data((message + "\n").utf8)) }
                return 0
            }
            // Usage errors are exit 2, whatever ArgumentParser would pick.
            if !message.isEmpty { StandardError.write(message + "\n") }
            return 2
        }
    }
}

/// Errors the CLI reports, one line each, through the stderr that decoders share.
enum Diagnostics {
    static func error(_ message: String) {
        StandardError.write("livetext: \(message)\n")
    }

    /// Something the user should know that is not an error.
    static func note(_ message: String) {
        StandardError.write("livetext: \(message)\n")
    }
}
