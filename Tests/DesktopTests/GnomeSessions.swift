import Testing

/// The suites that start a headless GNOME (gnome-shell, its portal stack, a dozen activated
/// services): one session at a time, so that a loaded machine is not asked to start several at
/// once (a start then took over a minute).
@Suite("headless GNOME sessions, one at a time", .serialized)
enum GnomeSessions {}
