import DBusKit
import Foundation
import LiveTextCore
import LiveTextDesktop
import LiveTextService
import Synchronization
import Testing

/// The display seam without a display: which session the environment names, the desktop asking
/// its backends in order, and the whole pipeline (capture → read → copy or type) on
/// `EmbeddedDisplay`.
@Suite("the display seam, on an embedded display")
struct DisplaySeamTests {
    @Test("the session: LIVETEXT_BACKEND first, then WAYLAND_DISPLAY, then DISPLAY")
    func sessionChoice() throws {
        #expect(try DisplaySession.choose(environment: ["DISPLAY": ":3"]) == .x11(display: ":3", xauthority: nil))
        #expect(try DisplaySession.choose(environment: [:]) == .x11(display: nil, xauthority: nil))
        #expect(try DisplaySession.choose(environment: ["DISPLAY": ":0", "WAYLAND_DISPLAY": "wayland-1", "XDG_RUNTIME_DIR": "/run/u"])
                == .wayland(socket: "wayland-1", runtimeDirectory: "/run/u", xwayland: ":0"))
        #expect(try DisplaySession.choose(environment: ["WAYLAND_DISPLAY": "", "DISPLAY": ":1", "XAUTHORITY": "/a"])
                == .x11(display: ":1", xauthority: "/a"))
        #expect(try DisplaySession.choose(environment: ["DISPLAY": ":0", "WAYLAND_DISPLAY": "wayland-1",
                                                        "LIVETEXT_BACKEND": "x11"]) == .x11(display: ":0", xauthority: nil))
        #expect(try DisplaySession.choose(environment: ["WAYLAND_DISPLAY": "w", "LIVETEXT_BACKEND": "Wayland"])
                == .wayland(socket: "w", runtimeDirectory: nil, xwayland: nil))
        let unknown = try #require(throws: LiveTextError.self) {
            try DisplaySession.choose(environment: ["LIVETEXT_BACKEND": "gnome"])
        }
        #expect(unknown.code == .invalidArgs && unknown.message.contains("'gnome' is neither x11 nor wayland"))
        let noSocket = try #require(throws: LiveTextError.self) {
            try DisplaySession.choose(environment: ["DISPLAY": ":0", "LIVETEXT_BACKEND": "wayland"])
        }
        #expect(noSocket.code == .unavailable && noSocket.message.contains("WAYLAND_DISPLAY is not set"))
    }

    @Test("each request goes to the first backend that can do it: the compositor's, else Xwayland's")
    func backendsInOrder() async throws {
        let screen = PixelImage(width: 40, height: 20, gray: 200)
        let compositor = EmbeddedDisplay(screen: screen, name: "the compositor", capabilities: [.captureScreen, .type])
        compositor.withState { $0.reasons["reading the clipboard"] = "the compositor has no data-control" }
        let xwayland = EmbeddedDisplay(screen: PixelImage(width: 40, height: 20, gray: 0), name: "Xwayland",
                                       capabilities: [.readClipboard, .copy])
        xwayland.withState { $0.clipboardImage = ClipboardImage(data: Data([1, 2, 3]), mimeType: "image/png") }
        let desktop = Desktop(backends: [compositor, xwayland])

        let captured = try await desktop.capture(.screen)
        #expect(captured.image.pixels.allSatisfy { $0 == 200 || $0 == 255 }, "the compositor's pixels, not Xwayland's black")
        #expect(captured.source == "screen:0,0,40,20")
        let bytes = try await desktop.clipboardImage(maxBytes: 100) { data in
            #expect(data == Data([1, 2, 3]))
            return screen
        }
        #expect(bytes.width == 40)
        try await desktop.copy("hello")
        #expect(xwayland.copies == ["hello"] && compositor.copies.isEmpty)
        #expect(desktop.copyToHandOn()?.content == "hello")
        try await desktop.type("typed")
        #expect(compositor.typed == ["typed"] && xwayland.typed.isEmpty)

        // Neither can: the first backend's reason, as unavailable, at once.
        let primary = await #expect(throws: LiveTextError.self) { try await desktop.copy("x", alsoPrimary: true) }
        #expect(primary?.code == .unavailable)
        #expect(primary?.message == "copying to the clipboard, copying to the primary selection is not available on the compositor", "\(String(describing: primary))")
        let window = await #expect(throws: LiveTextError.self) { try await desktop.capture(.window(0x42)) }
        #expect(window?.code == .unavailable)
        #expect(await desktop.capabilities() == [.captureScreen, .type, .readClipboard, .copy])
        desktop.close()
        #expect(compositor.withState(\.closed) && xwayland.withState(\.closed))
    }

    @Test("a region past the limit is tooLarge; a monitor by index; the selection's rested image is reported")
    func captureRequests() async throws {
        let screen = PixelImage(width: 300, height: 100, gray: 255)
        let display = EmbeddedDisplay(screen: screen, monitors: [
            Monitor(name: "A", bounds: Bounds(x: 0, y: 0, width: 100, height: 100), isPrimary: true),
            Monitor(name: "B", bounds: Bounds(x: 100, y: 0, width: 200, height: 100), isPrimary: false),
        ])
        let desktop = Desktop(backends: [display])
        let second = try await desktop.capture(.monitor(1))
        #expect(second.source == "screen:100,0,200,100" && second.image.width == 200)
        let large = await #expect(throws: LiveTextError.self) { try await desktop.capture(.screen, maxPixels: 1000) }
        #expect(large?.code == .tooLarge)
        display.withState { $0.selection = Bounds(x: 10, y: 10, width: 50, height: 20) }
        let rested = RestedImages()
        let selected = try await desktop.capture(.select) { rested.add($0) }
        #expect(selected.source == "screen:10,10,50,20" && selected.captureMs == nil)
        #expect(rested.count == 1)
        display.withState { $0.selection = nil }
        let escaped = await #expect(throws: LiveTextError.self) { try await desktop.capture(.select) }
        #expect(escaped?.code == .cancelled)
    }

    @Test("the pipeline on the embedded display: its pixels are read, the text copied to its clipboard")
    func pipelineEndToEnd() async throws {
        let display = EmbeddedDisplay(screen: try Fixture.image(AnalysisPipelineTests.invoice))
        let desktop = Desktop(backends: [display])
        let pipeline = AnalysisPipeline(analyzer: Fixture.analyzer, configuration: ImageAnalyzer.Configuration())
        let (outcome, delivered) = try await pipeline.run(acquire: { _ in AcquiredImage(try await desktop.capture(.screen)) },
                                                          then: .copy(alsoPrimary: false), to: desktop)
        #expect(outcome.analysis.text.hasPrefix("Invoice 4471 is due on 2026-12-01"))
        #expect(outcome.analysis.image.source.hasPrefix("screen:0,0,"))
        #expect(delivered == .copied(outcome.analysis.text))
        #expect(display.copies == [outcome.analysis.text])
    }
}

/// Images a selection reported while the pointer rested.
final class RestedImages: Sendable {
    private let images = Mutex<[ScreenImage]>([])
    func add(_ image: ScreenImage) { images.withLock { $0.append(image) } }
    var count: Int { images.withLock { $0.count } }
}

extension DisplaySeamTests {
    @Test("a live session asks its backend for the canvas with the request's activation token; the option is decoded, sent, and refused when it is no token")
    func activationToken() async throws {
        let display = EmbeddedDisplay(screen: PixelImage(width: 40, height: 20, gray: 200), name: "the compositor",
                                      capabilities: [.captureScreen, .liveSurface])
        var session = LiveSession(desktop: Desktop(backends: [display]), target: .screen)
        session.activationToken = "gnome-shell/livetext-hotkey/42_TIME1234"
        await #expect(throws: LiveTextError.self) {
            _ = try await session.run(analyze: { _, _ in throw LiveTextError.cancelled }, copy: { _ in })
        }
        session.activationToken = nil
        await #expect(throws: LiveTextError.self) {
            _ = try await session.run(analyze: { _, _ in throw LiveTextError.cancelled }, copy: { _ in })
        }
        #expect(display.withState { $0.liveCanvasTokens } == ["gnome-shell/livetext-hotkey/42_TIME1234", nil])
    }
}


extension DisplaySeamTests {
    @Test("the activation_token option: decoded as sent, kept out of the options when not given")
    func activationTokenOption() throws {
        var options = AnalysisRequestOptions()
        #expect(options.encode()["activation_token"] == nil)
        options.activationToken = "kwin-1234"
        let decoded = try AnalysisRequestOptions(decoding: options.encode(), capturing: true)
        #expect(decoded.activationToken == "kwin-1234")
    }
}
