import Foundation
import TestSupport
import Testing

@testable import Accessibility

extension AccessibilityDesktop {
    /// `browser` showing `html`, accessibility asked for first (`livetext desktop
    /// --enable-accessibility`), and a reader of the desktop's accessibility bus (to be closed).
    func browserPage(_ browser: TestBrowser, html: String) async throws -> (process: Process, reader: AccessibilityReader) {
        let enabled = try await runCommand(builtLivetext().path, ["desktop", "--enable-accessibility"], environment: environment)
        #expect(enabled.status == 0, "\(enabled.stderr)")
        let process = try browserWindow(browser, html: html)
        return (process, try await AccessibilityReader.connect(sessionAddress: bus.address))
    }
}
