import Foundation
import LiveTextCore
import TestSupport
import Testing

@testable import Accessibility

/// The walk against a real Qt 5 application (PyQt5) on Xvfb with at-spi2-core's accessibility
/// bus: Qt crashes on `Properties.GetAll` and never answers some calls, so the walk must read it
/// without either, and leave it running.
@Suite("a Qt application walked", .serialized)
struct QtWalkTests {
    @Test("a Qt 5 window's text is read, and the application still answers after several walks")
    func qtStaysAlive() async throws {
        guard FileManager.default.fileExists(atPath: "/usr/lib/python3/dist-packages/PyQt5") else {
            Issue.record("python3-pyqt5 is not installed (scripts/setup-debian)")
            return
        }
        try await AccessibilityDesktop.with { desktop in
            let lines = ["Qt first line 0O1lI", "second line café naïve"]
            let window = try await desktop.qtWindow(lines)
            let screen = try await AccessibilityReaderTests.screen(of: desktop, showing: lines)
            let application = try #require(screen.applications.first { $0.pid == window.process.processIdentifier },
                                           "\(screen.applications.map { ($0.pid ?? -1, $0.lines.map(\.text)) })")
            #expect(application.toolkit == .qt)
            #expect(lines.allSatisfy(Set(application.lines.map(\.text)).contains), "\(application.lines.map(\.text))")
            let frame = Bounds(x: 40, y: 40, width: 600, height: 300)
            for line in application.lines where lines.contains(line.text) {
                #expect(!line.bounds.intersection(frame).isEmpty, "\(line.text) at \(line.bounds)")
            }
            let reader = try await AccessibilityReader.connect(sessionAddress: desktop.bus.address)
            defer { reader.close() }
            for _ in 0..<5 { _ = await reader.read() }
            let before = window.ticks()
            try await Task.sleep(for: .milliseconds(500))
            #expect(window.process.isRunning)
            #expect(window.ticks() > before, "the application stopped answering its own timer")
        }
    }
}
