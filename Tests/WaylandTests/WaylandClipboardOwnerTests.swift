import Foundation
import LiveTextCore
import Testing
import TestSupport
@testable import WaylandKit

@Suite("owning the clipboard's text through wlr-data-control", .serialized)
struct WaylandClipboardOwnerTests {
    private static let text = "héllo ✓ wörld — 𝄞 ∑ \"quoted\"\ttab\nsecond line"

    private static func owner(_ sway: SwayServer, sendLimit: Duration = .seconds(10)) throws -> WaylandClipboardOwner {
        try WaylandClipboardOwner(socket: sway.waylandDisplay, runtimeDirectory: sway.runtimeDirectory.path, sendLimit: sendLimit)
    }

    @Test("copied text is pasted exactly by wl-paste, from the clipboard and the primary selection")
    func pastes() async throws {
        try await SwayServer.with(xwayland: false) { sway in
            let owner = try Self.owner(sway)
            defer { owner.close() }
            try await offPool { try owner.copy(Self.text, to: [.clipboard, .primary]) }
            #expect(owner.isOwner)
            #expect(owner.ownedSelections == [.clipboard, .primary])
            let clipboard = try await WaylandPeers.paste(["-n"], on: sway)
            #expect(clipboard.status == 0, "\(clipboard.stderr)")
            #expect(clipboard.stdout == Self.text)
            let primary = try await WaylandPeers.paste(["-p", "-n"], on: sway)
            #expect(primary.stdout == Self.text)
            let types = try await WaylandPeers.paste(["--list-types"], on: sway)
            #expect(types.stdout.split(separator: "\n").map(String.init)
                    == ["text/plain;charset=utf-8", "text/plain", "UTF8_STRING", "STRING", "TEXT"])
            // Each type in its encoding.
            let latin1 = try await WaylandPeers.paste(["-n", "--type", "STRING"], on: sway)
            // Latin-1's é is no UTF-8: read back as UTF-8 it is a replacement character.
            #expect(latin1.stdout.hasPrefix("h\u{FFFD}llo ? w\u{FFFD}rld"), "\(latin1.stdout)")
            let ascii = try await runCommand("/usr/bin/wl-paste", ["-n", "--type", "text/plain"], environment: sway.environment)
            #expect(ascii.stdout.hasPrefix("h?llo ? w?rld"), "\(ascii.stdout)")
        }
    }

    @Test("a copy with HTML (a table) offers text/html first, beside the text's types; each pastes its own; a plain copy after it offers no HTML")
    func pastesHTML() async throws {
        try await SwayServer.with(xwayland: false) { sway in
            let owner = try Self.owner(sway)
            defer { owner.close() }
            let table = ClipboardContent(plain: "PID\tCMD\n74\tps\n", html: "<table>\n<tr><td>PID</td><td>CMD</td></tr>\n</table>\n")
            try await offPool { try owner.copy(table, to: [.clipboard]) }
            let types = try await WaylandPeers.paste(["--list-types"], on: sway)
            #expect(types.stdout.split(separator: "\n").map(String.init)
                    == ["text/html", "text/plain;charset=utf-8", "text/plain", "UTF8_STRING", "STRING", "TEXT"])
            #expect(try await WaylandPeers.paste(["-n", "--type", "text/html"], on: sway).stdout == table.html)
            #expect(try await WaylandPeers.paste(["-n", "--type", "text/plain;charset=utf-8"], on: sway).stdout == table.plain)
            try await offPool { try owner.copy("plain again", to: [.clipboard]) }
            let after = try await WaylandPeers.paste(["--list-types"], on: sway)
            #expect(!after.stdout.contains("text/html"), "\(after.stdout)")
        }
    }

    @Test("a copy to the clipboard alone leaves the primary selection as it was")
    func onlyNamedSelection() async throws {
        try await SwayServer.with(xwayland: false) { sway in
            let owner = try Self.owner(sway)
            defer { owner.close() }
            try await offPool { try owner.copy("first", to: [.primary]) }
            try await offPool { try owner.copy("second", to: [.clipboard]) }
            let clipboard = try await WaylandPeers.paste(["-n"], on: sway)
            #expect(clipboard.stdout == "second")
            let primary = try await WaylandPeers.paste(["-p", "-n"], on: sway)
            #expect(primary.stdout == "first")
            // A new copy replaces ours on the same selection.
            try await offPool { try owner.copy("third", to: [.clipboard]) }
            let replacedOurs = try await WaylandPeers.paste(["-n"], on: sway)
            #expect(replacedOurs.stdout == "third")
            #expect(owner.ownedSelections == [.clipboard, .primary])
        }
    }

    @Test("another program's copy replaces ours: no longer the owner")
    func replaced() async throws {
        try await SwayServer.with(xwayland: false) { sway in
            let owner = try Self.owner(sway)
            defer { owner.close() }
            try await offPool { try owner.copy("ours", to: [.clipboard]) }
            #expect(owner.isOwner)
            let waiting = Task { try await offPool { owner.waitUntilReplaced(timeout: .seconds(10)) } }
            // Not replaced yet: the wait runs out.
            let early = try await offPool { owner.waitUntilReplaced(timeout: .milliseconds(200)) }
            #expect(!early)
            try await WaylandPeers.withCopy(Data("theirs".utf8), arguments: [], expectedType: "text/plain", on: sway) { _ in
                let replaced = try await waiting.value
                #expect(replaced)
                #expect(!owner.isOwner)
                let pasted = try await WaylandPeers.paste(["-n"], on: sway)
                #expect(pasted.stdout == "theirs")
            }
        }
    }

    @Test("after close() the copy is gone (wl-paste: No selection), and copy is unavailable")
    func closeReleases() async throws {
        try await SwayServer.with(xwayland: false) { sway in
            let owner = try Self.owner(sway)
            try await offPool { try owner.copy("soon gone", to: [.clipboard, .primary]) }
            let before = try await WaylandPeers.paste(["-n"], on: sway)
            #expect(before.stdout == "soon gone")
            try await offPool { owner.close() }
            #expect(!owner.isOwner)
            let after = try await WaylandPeers.paste(["-n"], on: sway)
            #expect(after.status != 0)
            #expect(after.stdout.isEmpty)
            #expect(after.stderr.contains("No selection"), "\(after.stderr)")
            let primaryAfter = try await WaylandPeers.paste(["-p", "-n"], on: sway)
            #expect(primaryAfter.status != 0)
            let error = #expect(throws: LiveTextError.self) { try owner.copy("again") }
            #expect(error?.code == .unavailable)
        }
    }

    @Test("a reader that never reads holds up neither the owner nor other pastes")
    func stalledReader() async throws {
        try await SwayServer.with(xwayland: false) { sway in
            let owner = try Self.owner(sway, sendLimit: .seconds(3))
            defer { owner.close() }
            // More than a pipe holds, so the write to a reader that never reads has to wait.
            let large = String(repeating: "0123456789abcdef", count: 1 << 16)
            try await offPool { try owner.copy(large, to: [.clipboard]) }
            let stalled = Process()
            stalled.executableURL = URL(fileURLWithPath: "/usr/bin/wl-paste")
            stalled.arguments = ["-n"]
            stalled.environment = ProcessInfo.processInfo.environment.merging(sway.environment) { $1 }
            let unread = Pipe()
            stalled.standardOutput = unread
            stalled.standardError = FileHandle.nullDevice
            try stalled.run()
            try await stopping(stalled, with: { await WaylandPeers.stop($0) }) { _ in
                try await Task.sleep(for: .milliseconds(300))
                let started = ContinuousClock.now
                try await offPool { try owner.copy("next", to: [.clipboard]) }
                #expect(ContinuousClock.now - started < .seconds(2))
                let pasted = try await WaylandPeers.paste(["-n"], on: sway)
                #expect(pasted.stdout == "next")
            }
            withExtendedLifetime(unread) {}
        }
    }

    @Test("a compositor that goes away ends the owner: not the owner, copy is unavailable, close returns")
    func compositorGone() async throws {
        let sway = try await SwayServer.start(xwayland: false)
        let owner: WaylandClipboardOwner
        do {
            owner = try Self.owner(sway)
            try await offPool { try owner.copy("short-lived", to: [.clipboard]) }
        } catch {
            await sway.stop()
            throw error
        }
        defer { owner.close() }
        #expect(owner.isOwner)
        await sway.stop()
        let replaced = try await offPool { owner.waitUntilReplaced(timeout: .seconds(10)) }
        #expect(replaced)
        #expect(!owner.isOwner)
        let error = #expect(throws: LiveTextError.self) { try owner.copy("again") }
        #expect(error?.code == .unavailable)
        #expect(error?.message.contains("went away") == true, "\(String(describing: error))")
    }
}
