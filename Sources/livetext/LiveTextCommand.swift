import ArgumentParser

struct LiveTextCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "livetext",
        abstract: "Live Text for the Linux desktop: text, codes and data in images and on screen.",
        discussion: """
            Exit codes: 0 success (also when nothing was found), 1 nothing usable when --only asked \
            for something, 2 bad usage, 3 unreadable or invalid input, 4 environment missing (no \
            display, no bus, no language data), 5 cancelled. Every command, the JSON document and \
            the D-Bus interface: docs/API.md in the source, /usr/share/doc/livetext/API.md when installed, \
            and `man livetext`.
            """,
        version: LiveTextVersion.string,
        subcommands: [AnalyzeCommand.self, CaptureCommand.self, ClipboardCommand.self, DetectCommand.self, LiveCommand.self, ViewCommand.self, HotkeyCommand.self, DesktopCommand.self,
                      DaemonCommand.self, LanguagesCommand.self, PreviewCommand.self, PreprocessCommand.self, ServeClipboardCommand.self,
                      ServeNotificationCommand.self, ConfigCommand.self, DecodeWorkerCommand.self, GrabCommand.self])
}

enum LiveTextVersion {
    static let string = "0.1.0"
}
