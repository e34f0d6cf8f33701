import Foundation
import LiveTextCore
import LiveTextDesktop
import LiveTextInteraction
import Testing

/// `ViewSession` on the embedded display's window: what the viewer's keys make the window do.
@Suite("the viewer's session, on an embedded window")
struct ViewSessionTests {
    static func key(_ keysym: UInt32, _ modifiers: LiveModifiers = []) -> LiveSurfaceEvent {
        .key(LiveKeyEvent(keysym: keysym, modifiers: modifiers))
    }

    /// Waits (at most 5 s) until `condition` holds.
    static func eventually(_ what: String, _ condition: () -> Bool) async throws {
        for _ in 0..<500 {
            if condition() { return }
            try await Task.sleep(for: .milliseconds(10))
        }
        Issue.record("never: \(what)")
    }

    @Test("F11 makes the window full screen (the view drawn again at the screen's size) and gives its size back; + shows the zoom at the top for a moment; r and Shift+R turn the image and back; End, Home, Space tapped and Backspace turn between three images; Ctrl+W ends")
    func keys() async throws {
        let display = EmbeddedDisplay(screen: PixelImage(width: 1600, height: 1000, gray: 0), capabilities: [.viewWindow, .copy])
        let desktop = Desktop(backends: [display])
        // The first image black on its left half, white on its right; the others grey.
        let halves = PixelImage(width: 400, height: 300, format: .gray8,
                                pixels: (0..<300).flatMap { _ in [UInt8](repeating: 0, count: 200) + [UInt8](repeating: 255, count: 200) })
        let documents = (1...3).map { index in
            ViewSession.Document(image: index == 1 ? halves : PixelImage(width: 400, height: 300, gray: UInt8(index * 60)),
                                 name: "\(index).png", source: "\(index).png")
        }
        let viewing = Task {
            try await ViewSession().run(documents, on: desktop, analyze: { image, source in
                ImageAnalysis(image: .init(width: image.width, height: image.height, source: source), blocks: [])
            }, copy: { _ in }, perform: { _ in })
        }
        defer { viewing.cancel() }
        try await Self.eventually("the window shown") { display.withState { $0.viewCanvases.first?.shown.base != nil } }
        let window = try #require(display.withState { $0.viewCanvases.first })
        #expect(window.shown.width == 400 && window.shown.height == 300)

        window.feed([Self.key(Keysym.f11)])
        try await Self.eventually("full screen") { window.shown.base?.width == 1600 && window.shown.base?.height == 1000 }
        #expect(window.isFullScreen)
        window.feed([Self.key(Keysym.f11)])
        try await Self.eventually("windowed again") { window.shown.base?.width == 400 }
        #expect(!window.isFullScreen)

        // The zoom label: 125 %, at the top, gone after ViewController.zoomLabelDuration.
        func labelShown() -> Bool { window.shown.paints.contains { $0.bounds.y == 12 } }
        window.feed([Self.key(Keysym.plus)])
        try await Self.eventually("the zoom label") { labelShown() }
        try await Self.eventually("the zoom label gone") { !labelShown() }

        // r: the image turned a quarter clockwise, its black left half now on top, drawn again.
        func red(atX x: Int, y: Int) -> UInt8? { window.shown.base.map { $0.pixels[(y * $0.width + x) * 4] } }
        #expect(red(atX: 300, y: 10) == 255)
        window.feed([Self.key(Keysym.r)])
        try await Self.eventually("turned") { red(atX: 300, y: 10) == 0 }
        window.feed([Self.key(Keysym.shiftR, .shift)])
        try await Self.eventually("turned back") { red(atX: 300, y: 10) == 255 }

        for (keys, title) in [([Self.key(Keysym.end)], "3.png"), ([Self.key(Keysym.home)], "1.png"),
                              ([Self.key(Keysym.space), .keyRelease(LiveKeyEvent(keysym: Keysym.space))], "2.png"),
                              ([Self.key(Keysym.backSpace)], "1.png")] {
            window.feed(keys)
            try await Self.eventually("\(title) shown") { window.shown.title == "\(title) — livetext" }
        }
        window.feed([Self.key(Keysym.w, .control)])
        let outcome = try await viewing.value
        #expect(outcome.copied == nil)
        #expect(window.shown.closed)
    }
}
