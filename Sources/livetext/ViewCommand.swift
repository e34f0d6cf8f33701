import ArgumentParser
import LiveTextCore
import LiveTextDesktop
import LiveTextEngines

/// `livetext view FILE|-`: an image in a window of its own, its text live.
struct ViewCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "view",
        abstract: "Show an image in a window with its text live: select it, copy it, tap what it means.",
        discussion: """
            The image is shown 1:1 in a normal window (class livetext) and read at once; then it works \
            as `livetext live` does: drag, double and triple click, Shift+click, Ctrl+A, Ctrl+C, Enter, \
            the Live Text button, items and right-click menus. Esc or closing the window ends it (exit 5 \
            when nothing was copied). A file that is not an image is exit 3 before any window opens.
            """)

    @OptionGroup var live: LiveOptions

    @Argument(help: ArgumentHelp("The image file, or - for standard input.", valueName: "file"))
    var file: String

    func run() async throws {
        let input = ImageInput(limits: ImageLimits(maxPixels: live.analysis.maxPixels))
        let (image, source) = file == "-" ? try input.loadStandardInput() : try input.load(path: file)
        let title = (file == "-" ? "standard input" : String(file.split(separator: "/").last ?? "")) + " — livetext"
        try await live.run(.image(image, title: title, source: source))
    }
}
