import ArgumentParser
import Foundation
import LiveTextCore

// Before anything opens a descriptor that would become fd 0 and be read as stdin.
StandardInput.reserveIfClosed()
ThreadLimit.enforceSingleThreadedOpenMP()
// glibc gives each thread that allocates its own arena; with analyses hopping across Dispatch
// threads the daemon's memory kept growing with every load (measured: +55 MiB per 1000 requests)
// and plateaus with two (bench/daemon_load.py --rounds 3).
_ = glibcMallopt(-8 /* M_ARENA_MAX */, 2)

var arguments = Array(CommandLine.arguments.dropFirst())
// Installed as livetextd too: that name runs the daemon.
if URL(fileURLWithPath: CommandLine.arguments[0]).lastPathComponent == "livetextd" {
    arguments.insert("daemon", at: 0)
}
let status = await CommandRunner.run(arguments)
exit(status)

/// glibc's `mallopt` (malloc.h is not part of the Glibc module).
@_silgen_name("mallopt")
func glibcMallopt(_ parameter: Int32, _ value: Int32) -> Int32
