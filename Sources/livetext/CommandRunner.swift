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
            Diagnostics.error(error)
            return error.code.exitCode
        } catch let exit as ExitCode {
            return exit.rawValue
        } catch {
            let code = LiveTextCommand.exitCode(for: error)
            let message = LiveTextCommand.fullMessage(for: error)
            if code == .success {
                guard !message.isEmpty else { return 0 }
                do {
                    try StandardOutput.write(message + "\n")
                } catch {
                    Diagnostics.error(error)
                    return error.code.exitCode
                }
                return 0
            }
            // Usage errors are exit 2, whatever ArgumentParser would pick. They may quote arguments.
            if !message.isEmpty { StandardError.write(ControlCharacters.escaped(message, keepingLineBreaks: true) + "\n") }
            return 2
        }
    }
}

/// Errors the CLI reports, one line each, through the stderr that decoders share. Control characters
/// (from file names, payloads, the daemon's answers) are always written out, whatever stderr is: a
/// log file is read on a terminal later. A message stderr cannot take is dropped (see `StandardError`).
enum Diagnostics {
    static func error(_ message: String) {
        say(message)
    }

    /// Something the user should know that is not an error.
    static func note(_ message: String) {
        say(message)
    }

    private static func say(_ message: String) {
        StandardError.write("livetext: \(ControlCharacters.escaped(message, keepingLineBreaks: false))\n")
    }
}
