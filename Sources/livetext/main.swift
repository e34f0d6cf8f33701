import ArgumentParser
import Foundation
import LiveTextCore

// First of all, as it may start this program again: what the first start did (a closed stdin
// reserved, below) must not be what the second start finds.
// Not for the verbs that never read with tesseract here (`livetext hotkey NAME`, which a Wayland
// desktop's keybinding runs on every press): the second start would only delay them.
ThreadLimit.enforceSingleThreadedOpenMP(arguments: Array(CommandLine.arguments.dropFirst()))
// Before anything opens a file: a closed stdout must not be reused by a socket we then write into.
StandardStream.reserveClosedDescriptors()
// A reader that went away is EPIPE from write(2), reported like any failed write, not a signal
// that ends the CLI mid-work or the daemon at its next log line.
signal(SIGPIPE, SIG_IGN)
// SIGTERM, SIGINT and SIGHUP must reach the daemon even when whatever started it blocked them (a
// test runner does, and a blocked mask is inherited through fork and exec): a daemon that cannot
// be stopped but by SIGKILL loses what it copied. Threads started from here on inherit this mask.
var deliverable = sigset_t()
sigemptyset(&deliverable)
for number in [SIGTERM, SIGINT, SIGHUP] { sigaddset(&deliverable, number) }
pthread_sigmask(SIG_UNBLOCK, &deliverable, nil)
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
