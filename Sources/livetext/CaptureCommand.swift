import ArgumentParser
import Foundation
import LiveTextConfig
import LiveTextCore
import LiveTextDesktop
import LiveTextEngines

struct CaptureCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "capture",
        abstract: "Capture the screen, a window or a region you drag, and analyze it.",
        discussion: """
            Without a target, the screen freezes and you drag a rectangle over the text (the default, \
            --select); a click without dragging picks the window under the pointer; Esc or a right \
            click cancels (exit 5). Needs a display, X11 (DISPLAY) or Wayland (WAYLAND_DISPLAY; README says \
            what each desktop allows).
            """)

    @OptionGroup var options: AnalysisOptions
    @OptionGroup var delivery: DeliveryOptions

    @Flag(help: "Drag a rectangle over the frozen screen (the default).")
    var select = false

    @Flag(help: "Click a window to capture it.")
    var pickWindow = false

    @Flag(help: "The whole screen, every monitor.")
    var screen = false

    @OptionGroup var target: ScreenTargetOptions

    @OptionGroup var accessibility: AccessibilityOption

    @Option(help: ArgumentHelp("Carry out this quick action (an id from --json's actions).", valueName: "id"))
    var perform: String?

    func validate() throws {
        let chosen = [select, pickWindow, screen].filter { $0 }.count + target.count
        guard chosen <= 1 else {
            throw ValidationError("give one of --select, --pick-window, --screen, --monitor, --window, --region")
        }
    }

    func request() throws -> CaptureRequest {
        if pickWindow { return .pickWindow }
        if screen { return .screen }
        return try target.request() ?? .select
    }

    func run() async throws {
        let request = try request()
        let run = SingleImageRun(options: options, delivery: delivery, perform: perform)
        try await run.run(daemon: { client, requestOptions in
            var requestOptions = requestOptions
            requestOptions.accessibility = accessibility.asked
            return await client.capture(request, options: requestOptions, perform: perform)
        }, local: { pipeline in
            var pipeline = pipeline
            let wanted = try accessibility.asked ?? ConfigFile.standard().load().settings.analysis.accessibility
            if wanted { pipeline.accessibleText = AccessibleTextReading() }
            return try await pipeline.analyze { atRest in
                AcquiredImage(try await Desktop.using {
                    try await $0.capture(request, maxPixels: options.maxPixels, atRest: atRest)
                })
            }
        })
    }
}

struct ClipboardCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "clipboard",
        abstract: "Analyze the image on the clipboard (CLIPBOARD selection).",
        discussion: "Exit 3 when the clipboard holds no image; the message says what it holds.")

    @OptionGroup var options: AnalysisOptions
    @OptionGroup var delivery: DeliveryOptions

    @Option(help: ArgumentHelp("Carry out this quick action (an id from --json's actions).", valueName: "id"))
    var perform: String?

    func run() async throws {
        let run = SingleImageRun(options: options, delivery: delivery, perform: perform)
        try await run.run(daemon: { client, requestOptions in
            await client.clipboard(options: requestOptions, perform: perform)
        }, local: { pipeline in
            let input = ImageInput(limits: ImageLimits(maxPixels: options.maxPixels))
            return try await pipeline.analyze { _ in
                AcquiredImage(image: try await Desktop.using {
                    try await $0.clipboardImage(maxBytes: input.maxEncodedBytes, decode: input.decode)
                }, source: "clipboard")
            }
        })
    }
}

/// `--accessibility on|off` of `capture` and `live`.
struct AccessibilityOption: ParsableArguments {
    @Option(help: ArgumentHelp("on: the exact text applications publish on the accessibility bus is taken where it is "
                               + "drawn (live at once in live), OCR reads the rest (X11; on Wayland placed by matching the "
                               + "OCR's lines; the default: the settings' analysis.accessibility, on); off: OCR reads "
                               + "everything.", valueName: "on|off"))
    var accessibility: AccessibilitySwitch?

    /// Whether the published text is taken, as asked; nil: the settings say.
    var asked: Bool? { accessibility.map { $0 == .on } }
}

/// The values of `--accessibility`.
enum AccessibilitySwitch: String, ExpressibleByArgument, CaseIterable, Sendable {
    case on, off
}
