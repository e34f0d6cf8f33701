import LiveTextCore
@testable import LiveTextInteraction
import Testing

/// The right-click menus with the keyboard, and a Wi-Fi code's details.
@Suite("live text menus")
struct LiveMenuTests {
    typealias Live = LiveControllerTests

    static func key(_ keysym: UInt32, _ modifiers: InteractionModifiers = []) -> InteractionEvent {
        .key(KeyEvent(keysym: keysym, modifiers: modifiers))
    }

    static func right(_ x: Int, _ y: Int) -> InteractionEvent { .press(PointerEvent(button: 3, x: x, y: y)) }

    /// The live tests' analysis with "ha beta\ngamma del" selected and its menu shown.
    static func menuOnSelection() -> LiveController {
        var controller = Live.read()
        for event in [Live.press(40, 15), Live.drag(100, 35), Live.release, right(80, 15)] { _ = controller.handle(event) }
        return controller
    }

    @Test("Down and Up move the highlight (round from the ends), Home and End to the first and last entry, each drawn; Enter runs the highlighted entry and closes the menu")
    func arrows() throws {
        var controller = Self.menuOnSelection()
        let menu = try #require(controller.menu)
        #expect(menu.hovered == nil)
        var seen: [Int?] = []
        for keysym in [Keysym.down, Keysym.down, Keysym.up, Keysym.up, Keysym.end, Keysym.down, Keysym.home, Keysym.keypadDown] {
            #expect(controller.handle(Self.key(keysym)).isEmpty)
            seen.append(controller.menu?.hovered)
        }
        #expect(seen == [0, 1, 0, 4, 4, 0, 0, 1])
        #expect(controller.paints.last == .fill(menu.entries[1].frame, LiveStyle.accent))
        // The menu has the keyboard: Ctrl+C and Ctrl+A do nothing while it is shown.
        #expect(controller.handle(Live.copy).isEmpty)
        _ = controller.handle(Self.key(0x61, .control))
        #expect(controller.selectedText == "ha beta\ngamma del" && controller.menu != nil)
        #expect(controller.handle(Live.enter) == [.copy("ha beta gamma del")])
        #expect(controller.menu == nil && controller.selectedText == "ha beta\ngamma del")
        // Enter on Look Up: the text action on the selection's first line, and the surface closes.
        _ = controller.handle(Self.right(80, 15))
        for keysym in [Keysym.end, Keysym.up] { _ = controller.handle(Self.key(keysym)) }
        #expect(controller.handle(Live.enter) == [.textAction(.lookup, "ha beta"), .close])
    }

    @Test("Escape closes the menu and only the menu, the next one lets go of the selection, the next closes; Enter with nothing highlighted does nothing")
    func escapeAndEnter() {
        var controller = Self.menuOnSelection()
        #expect(controller.handle(Live.enter).isEmpty)
        #expect(controller.menu != nil)
        #expect(controller.handle(Self.key(Keysym.escape)).isEmpty)
        #expect(controller.menu == nil && controller.selectedText == "ha beta\ngamma del" && controller.hearsEscape)
        #expect(controller.handle(Self.key(Keysym.escape)).isEmpty)
        #expect(controller.selectedText.isEmpty && !controller.hearsEscape)
        #expect(controller.handle(Self.key(Keysym.escape)) == [.close])
    }

    @Test("the pointer highlights the entry under it, and the keys go on from there")
    func hoverThenKeys() throws {
        var controller = Self.menuOnSelection()
        let fourth = try #require(controller.menu?.entries[3].frame)
        _ = controller.handle(.motion(x: fourth.x + 2, y: fourth.y + 2, modifiers: []))
        #expect(controller.menu?.hovered == 3)
        _ = controller.handle(Self.key(Keysym.down))
        #expect(controller.menu?.hovered == 4)
        #expect(controller.handle(Live.enter) == [.textAction(.translate, "ha beta"), .close])
    }

    @Test("Select All in the selection's menu selects all the text and closes the menu; the surface stays")
    func selectAll() throws {
        var controller = Self.menuOnSelection()
        let entry = try #require(controller.menu?.entries.first { $0.title == "Select All" })
        #expect(entry.isEnabled)
        #expect(controller.handle(.press(PointerEvent(button: 1, x: entry.frame.x + 2, y: entry.frame.y + 2))).isEmpty)
        #expect(controller.menu == nil && controller.selectedText == Live.analysis.text)
        // By the keys too, from a word.
        _ = controller.handle(Live.press(20, 75, count: 2))
        _ = controller.handle(Live.release)
        #expect(controller.selectedText == "omega")
        _ = controller.handle(Self.right(20, 75))
        for keysym in [Keysym.down, Keysym.down, Keysym.down] { _ = controller.handle(Self.key(keysym)) }
        #expect(controller.handle(Live.enter).isEmpty)
        #expect(controller.selectedText == Live.analysis.text)
    }

    @Test("a long selection: Look Up and Translate name its first line's start, and send that line, not the whole; Copy as One Line joins a hyphenated word")
    func longSelection() throws {
        let analysis = ImageAnalysis(image: .init(width: 600, height: 200, source: "pixels"), blocks: [
            TextSamples.block(["Invoice 4471 is due on 2026-12-01 at noon", "with a pay-", "ment reminder"], x: 10, y: 10),
        ])
        var controller = LiveController(width: 600, height: 200)
        _ = controller.handle(.message(LiveReading.done(analysis, .empty)))
        _ = controller.handle(Self.key(0x61, .control))
        _ = controller.handle(Self.right(30, 15))
        let titles = try #require(controller.menu?.entries.map(\.title))
        #expect(titles == ["Copy", "Copy as One Line", "Select All", "Look Up “Invoice 4471 is due on…”",
                           "Translate “Invoice 4471 is due on…”"])
        _ = controller.handle(Self.key(Keysym.down))
        _ = controller.handle(Self.key(Keysym.down))
        #expect(controller.handle(Live.enter) == [.copy("Invoice 4471 is due on 2026-12-01 at noon with a payment reminder")])
        _ = controller.handle(Self.right(30, 15))
        _ = controller.handle(Self.key(Keysym.end))
        #expect(controller.handle(Live.enter) == [.textAction(.translate, "Invoice 4471 is due on 2026-12-01 at noon"), .close])
    }

    /// "omega" (x 10-60, y 70-82) stands for a Wi-Fi QR code; `password` empty: an open network.
    static func wifi(password: String, security: String = "WPA", hidden: Bool = false) -> ImageAnalysis {
        var analysis = Live.analysis
        let bounds = Bounds(x: 120, y: 40, width: 50, height: 50)
        let payload = "WIFI:S:Home Net;T:\(security);P:\(password);;"
        analysis.codes = [MachineReadableCode(symbology: "QR-Code", payload: payload, bounds: bounds)]
        analysis.items = [DetectedItem(kind: .wifi, text: payload, start: 0, end: payload.unicodeScalars.count, bounds: bounds,
                                       source: .code, value: ["ssid": .string("Home Net"), "password": .string(password),
                                                              "security": .string(password.isEmpty ? "nopass" : security),
                                                              "hidden": .bool(hidden)])]
        analysis.actions = [
            QuickAction(id: "copy-wifi-0", title: "Copy Password", kind: .copy, target: password, subject: .item(0)),
            QuickAction(id: "copy-code-0", title: "Copy QR Code Payload", kind: .copy, target: payload, subject: .code(0)),
        ]
        return analysis
    }

    @Test("a Wi-Fi code's menu ends with Wi-Fi Details: the network's name and password, each copied when chosen, and the security, which only informs")
    func wifiDetails() throws {
        var controller = Live.read(analysis: Self.wifi(password: "pa;ss"))
        _ = controller.handle(Self.right(140, 60))
        #expect(controller.menu?.entries.map(\.title) == ["Copy Password", "Copy QR Code Payload", "Wi-Fi Details"])
        // Chosen with the keys: the details take the menu's place, the first highlighted.
        _ = controller.handle(Self.key(Keysym.end))
        #expect(controller.handle(Live.enter).isEmpty)
        let details = try #require(controller.menu)
        #expect(details.entries.map(\.title) == ["Network: Home Net", "Password: pa;ss", "Security: WPA"])
        #expect(details.hovered == 0 && details.entries.map(\.isEnabled) == [true, true, false])
        // The security line is passed over by the keys and not highlighted by the pointer.
        _ = controller.handle(Self.key(Keysym.down))
        _ = controller.handle(Self.key(Keysym.down))
        #expect(controller.menu?.hovered == 0)
        let security = details.entries[2].frame
        _ = controller.handle(.motion(x: security.x + 2, y: security.y + 2, modifiers: []))
        #expect(controller.menu?.hovered == nil)
        #expect(controller.handle(.press(PointerEvent(button: 1, x: security.x + 2, y: security.y + 2))).isEmpty)
        #expect(controller.menu != nil)
        // A click on the password copies it; the surface stays.
        let password = details.entries[1].frame
        #expect(controller.handle(.press(PointerEvent(button: 1, x: password.x + 2, y: password.y + 2))) == [.copy("pa;ss")])
        #expect(controller.menu == nil)

        // By mouse, the network name.
        _ = controller.handle(Self.right(140, 60))
        let entry = try #require(controller.menu?.entries[2].frame)
        _ = controller.handle(.press(PointerEvent(button: 1, x: entry.x + 2, y: entry.y + 2)))
        #expect(controller.menu?.hovered == nil)
        let name = try #require(controller.menu?.entries[0].frame)
        #expect(controller.handle(.press(PointerEvent(button: 1, x: name.x + 2, y: name.y + 2))) == [.copy("Home Net")])
    }

    @Test("an open or hidden network says so; a code that is no Wi-Fi network, and text, have no details")
    func otherNetworks() throws {
        var open = Live.read(analysis: Self.wifi(password: "", hidden: true))
        _ = open.handle(Self.right(140, 60))
        let entry = try #require(open.menu?.entries.last)
        #expect(entry.title == "Wi-Fi Details")
        _ = open.handle(.press(PointerEvent(button: 1, x: entry.frame.x + 2, y: entry.frame.y + 2)))
        #expect(open.menu?.entries.map(\.title) == ["Network: Home Net", "No Password", "Security: None, Hidden Network"])
        #expect(open.menu?.entries.map(\.isEnabled) == [true, false, false])

        var link = Self.wifi(password: "x")
        link.items[0].kind = .link
        #expect(WiFiDetails(link, .code(0)) == nil)
        #expect(WiFiDetails(Self.wifi(password: "x"), .item(0)) == nil)
        #expect(WiFiDetails(Self.wifi(password: "x"), .code(3)) == nil)
        #expect(WiFiDetails(Self.wifi(password: "x"), .code(0))?.ssid == "Home Net")
    }

    @Test("under textSelection a right click on an item still lists its actions when data detectors are allowed in text mode, and not when they are not (the item is a word then: selected, with the selection's menu); a click only selects")
    func textModeItems() {
        var analysis = Live.analysis
        analysis.items = [DetectedItem(kind: .phone, text: "omega", start: 25, end: 30, bounds: Bounds(x: 10, y: 70, width: 50, height: 12))]
        let call = QuickAction(id: "call-0", title: "Call", kind: .call, target: "tel:1", subject: .item(0))
        analysis.actions = [call]
        func controller(allowing: Bool) -> LiveController {
            var controller = LiveController(width: 200, height: 100, types: [.textSelection], allowDataDetectorsInTextMode: allowing)
            _ = controller.handle(.message(Live.done(analysis, [.textSelection])))
            return controller
        }
        var allowed = controller(allowing: true)
        _ = allowed.handle(Self.right(20, 75))
        #expect(allowed.menu?.entries.map(\.title) == ["Call"])
        _ = allowed.handle(Self.key(Keysym.escape))
        _ = allowed.handle(Live.press(20, 75))
        #expect(allowed.handle(.release(PointerEvent(button: 1, x: 20, y: 75))).isEmpty)
        var refused = controller(allowing: false)
        _ = refused.handle(Self.right(20, 75))
        #expect(refused.menu?.entries.first?.title == "Copy" && refused.selectedText == "omega")
    }

    @Test("in the viewer a menu has the keyboard too: the arrows move its highlight instead of panning, Escape closes the menu, not the window")
    func viewer() throws {
        var controller = ViewControllerTests.viewer()
        ViewControllerTests.read(&controller)
        // Zoomed in, so that the arrows would pan; everything selected, its menu opened where "alpha" is shown.
        for _ in 0..<2 { _ = controller.handle(Self.key(Keysym.plus)) }
        _ = controller.handle(Self.key(0x61, .control))
        let (x, y) = ViewControllerTests.at(controller, 30, 15)
        _ = controller.handle(Self.right(x, y))
        let before = controller.transform
        _ = controller.handle(Self.key(Keysym.down))
        _ = controller.handle(Self.key(Keysym.right))
        #expect(controller.transform == before)
        _ = controller.handle(Self.key(Keysym.down))
        #expect(controller.handle(Live.enter) == [.copy(ClipboardContent(plain: Live.analysis.text.split(whereSeparator: \.isNewline).joined(separator: " ")))])
        _ = controller.handle(Self.right(x, y))
        #expect(controller.handle(Self.key(Keysym.escape)).isEmpty)
        // The menu closed; the selection goes next, then the window.
        #expect(controller.handle(Self.key(Keysym.escape)).isEmpty)
        #expect(controller.handle(Self.key(Keysym.escape)) == [.close])
        // Without a menu the arrows pan again.
        _ = controller.handle(Self.key(Keysym.right))
        #expect(controller.transform != before)
    }
}
