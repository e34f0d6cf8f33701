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
            Detected items are underlined (codes outlined): a click on a link opens it and closes; a click \
            on any other item or code shows its menu (call, map, ..., then its copies). The Live Text \
            button at the bottom right shows everything found (the rest dimmed) and up to three quick \
            actions as chips, with More... for all of them. A right click on the selection offers Copy, \
            Copy as One Line, Select All, and Look Up and Translate of its first line; on an item, all \
            of its actions; on a word not selected, the word is selected and its menu shown. Over a table \
            the menu (and a chip with the Live Text button) offers Copy Table: tab-separated text, with \
            its HTML table as text/html. \
            Without a mouse: the arrows, Home/End and Ctrl+arrows (by word; Ctrl+Home/End: all the text) \
            move a caret from the start of the text (or from a click), Shift extends the selection; Tab \
            and Shift+Tab go through the items and codes (a ring shows which), Enter or Space acts on it \
            as a click does; the Menu key or Shift+F10 opens the menu of the selection or of that item; \
            Up/Down, Home/End and Enter choose in a menu. \
            Ctrl+C copies the selection and stays; Enter copies it and closes (with nothing selected or \
            focused it does nothing); Esc closes a menu, then lets go of the selection (or focus), then \
            closes. The text applications publish on the accessibility bus is live at once where it is drawn, before \
            the OCR has read the rest (--accessibility; on Wayland once the OCR has read enough of its window to \
            place it). The copy stays on the clipboard after livetext exits. Exit 5 when closed with Esc without \
            copying. Needs a display, X11 (DISPLAY) or Wayland (WAYLAND_DISPLAY; README says what each desktop \
            allows): exit 4 without one.
            """)

    @OptionGroup var live: LiveOptions

    @OptionGroup var target: ScreenTargetOptions

    @OptionGroup var accessibility: AccessibilityOption

    func validate() throws {
        guard target.count <= 1 else {
            throw ValidationError("give one of --monitor, --window, --region (or none for the whole screen)")
        }
    }

    func run() async throws {
        try await live.run(try target.request() ?? .screen, accessibility: accessibility.asked)
    }
}
