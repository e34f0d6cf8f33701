import ArgumentParser
import LiveTextDesktop

/// `livetext live`: the screen frozen, its text selectable where it stands.
struct LiveCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "live",
        abstract: "Freeze the screen and make its text live: select it where it stands and copy it.",
        discussion: """
            The screen (every monitor, or --monitor, --window, --region) freezes under one window and is \
            read at once; the words become live as soon as they are read. Drag over text to select it, \
            double click for a word, triple click for a line, Shift+click to extend, Ctrl+A for all. \
            Detected items are underlined (codes outlined): a click runs the first of their quick actions \
            (call, open, map, ...) and closes. The Live Text button at the bottom right shows everything \
            found (the rest dimmed) and the quick actions as chips. A right click on the selection offers \
            Copy, Copy as One Line, Look Up and Translate; on an item, all of its actions. \
            Ctrl+C copies the selection and stays; Enter copies it and closes; Esc closes. The copy \
            stays on the clipboard after livetext exits. Exit 5 when closed with Esc without copying. \
            Needs an X11 display (DISPLAY): exit 4 without one.
            """)

    @OptionGroup var live: LiveOptions

    @OptionGroup var target: ScreenTargetOptions

    func validate() throws {
        guard target.count <= 1 else {
            throw ValidationError("give one of --monitor, --window, --region (or none for the whole screen)")
        }
    }

    func run() async throws {
        try await live.run(try target.request() ?? .screen)
    }
}
