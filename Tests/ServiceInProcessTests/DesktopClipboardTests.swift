import Foundation
import LiveTextDesktop
import Testing
import TestSupport
import X11Kit

@Suite("the desktop's clipboard")
struct DesktopClipboardTests {
    // The clipboard owner is made on the first copy, outside the desktop's lock (opening its
    // connection is an X round trip): copies racing to make it must all go through the one kept.
    @Test("copies racing on a fresh desktop all succeed, and the clipboard holds one of them")
    func racingCopies() async throws {
        try await TestDisplay.with(width: 320, height: 200) { server in
            try await Desktop.using(displayName: server.name) { desktop in
                let texts = (0..<6).map { "copy \($0)" }
                try await withThrowingTaskGroup(of: Void.self) { group in
                    for text in texts { group.addTask { try await desktop.copy(text) } }
                    try await group.waitForAll()
                }
                let reader = try X11Display(name: server.name)
                defer { reader.close() }
                let held = try ClipboardReader(display: reader).text(timeout: .seconds(5))
                #expect(texts.contains(held ?? ""), "\(held ?? "nothing")")
            }
        }
    }
}
