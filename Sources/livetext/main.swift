import ArgumentParser
import Foundation
import LiveTextCore

ThreadLimit.enforceSingleThreadedOpenMP()

let status = await CommandRunner.run(Array(CommandLine.arguments.dropFirst()))
exit(status)
