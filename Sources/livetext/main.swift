import ArgumentParser
import Foundation
import LiveTextCore

ThreadLimit.enforceSingleThreadedOpenMP()

var arguments = Array(CommandLine.arguments.dropFirst())
// Installed as livetextd too: that name runs the daemon.
if URL(fileURLWithPath: CommandLine.arguments[0]).lastPathComponent == "livetextd" {
    arguments.insert("daemon", at: 0)
}
let status = await CommandRunner.run(arguments)
exit(status)
