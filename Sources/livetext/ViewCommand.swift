import ArgumentParser
import Foundation
import LiveTextConfig
import LiveTextCore
import LiveTextDesktop
import LiveTextEngines
import LiveTextInteraction

/// `livetext view`: images in a window, zoomed and panned, their text live as on the screen.
struct ViewCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "view",
        abstract: "Show images in a window with their text live: select, copy, zoom and pan.",
        discussion: """
            Every image is decoded first (exit 3 for one that is not an image, before any window \
            opens); the first is shown fitted to a window of class livetext and read at once. As on the \
            frozen screen (livetext live): drag over text to select it, double click for a word, triple \
            click for a line, Shift+click to extend, Ctrl+A for all, Ctrl+C or Enter to copy; detected items \
            are underlined, a click on a link opens it and on any other item shows its menu; the Live Text \
            button shows everything; a right click offers the selection's or an item's actions (on a word, \
            selects it). The keyboard does all of it as in livetext live (the caret keys, Shift to select, \
            Tab through the items, Enter or Space, the Menu key or Shift+F10): the arrows and Home/End move \
            the caret once text is selected, an item is focused with Tab or the keys moved the caret (Esc \
            lets go), and otherwise pan and turn; with Shift they always select. Zoom with Ctrl+wheel (about \
            the pointer), + and -, 0 or 1 for 100 %, f to fit (the zoom is shown for a moment); the plain \
            wheel scrolls as in a document (Shift: across), and so do the arrow keys, a middle-button drag \
            or space+drag. r or Ctrl+R turns the image a quarter clockwise, Shift+R or Ctrl+Shift+R back \
            (its text turns with it). F11 full screen. Space (tapped) or Page Down/n turns to the next image, Backspace \
            or Page Up/p to the previous, Home/End to the first and last (its reading replaces the old \
            one's). q, Ctrl+W, Esc (once nothing is selected or focused) or closing the window ends (exit 0). \
            Needs a display: a Wayland compositor with xdg-shell (WAYLAND_DISPLAY) or an X11 display \
            (DISPLAY); exit 4 without one.
            """)

    @Argument(help: ArgumentHelp("Image files; - for standard input.", valueName: "file"), completion: .file())
    var files: [String]

    @OptionGroup var live: LiveOptions

    func validate() throws {
        guard !files.isEmpty else { throw ValidationError("give an image file, or - for standard input") }
        guard files.filter({ $0 == "-" }).count <= 1 else { throw ValidationError("standard input (-) can be read once") }
    }

    func run() async throws {
        // Decoded before any window opens: a file that is not an image is exit 3 at once.
        let options = live.analysis
        let input = ImageInput(limits: ImageLimits(maxPixels: options.maxPixels))
        var decoded = [ViewSession.Document]()
        for file in files {
            let (image, source) = file == "-" ? try await input.loadStandardInput() : try await input.load(path: file)
            decoded.append(ViewSession.Document(image: image, name: file == "-" ? "stdin" : URL(fileURLWithPath: file).lastPathComponent,
                                                source: source))
        }
        let documents = decoded
        let settings = DetectionEnvironment.settings.interaction
        let session = ViewSession(types: try live.interaction(), interface: DetectionEnvironment.supplementaryInterface,
                                  allowDataDetectorsInTextMode: settings.allowDataDetectorsInTextMode)
        let (ended, configuration) = try await DetectionEnvironment.runLive(options, copied: { $0.copied }) { pipeline, desktop in
            try await session.run(documents, on: desktop, analyze: { image, source in
                try await pipeline.analyze { _ in AcquiredImage(image: image, source: source) }.analysis
            }, copy: { text in
                try desktop.copySynchronously(text)
            }, perform: { action in
                switch action {
                case .quickAction(let chosen, let analysis):
                    try DetectionEnvironment.perform(chosen.id, actions: analysis.actions, items: analysis.items,
                                                     text: analysis.text)
                case .text(let kind, let text):
                    try DetectionEnvironment.perform(kind, on: text)
                }
            })
        }
        if live.reportTiming { StandardError.write(ended.timings.json + "\n") }
        if options.json {
            // One document per image read while shown (JSON Lines for several).
            let printer = ResultPrinter(json: true, onlyItems: configuration.only != nil, labelled: false)
            for analysis in ended.analyses { try printer.print(analysis, name: "") }
        }
    }
}
