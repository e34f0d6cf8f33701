import DesktopPortals
import Foundation
import LiveTextCore
import Testing
import TestSupport

/// `KWinScreenShot` against a stand-in ScreenShot2 on a private bus: the orders and faults a real
/// KWin shows only by chance, each ending in pixels or a clear error within the deadline.
@Suite("KWinScreenShot against a stand-in ScreenShot2")
struct ScreenShot2FaultTests {
    /// 320×240 ARGB32 (QImage format 5): B, G, R, A bytes; far more than a pipe holds (64 KiB).
    static let width = 320, height = 240
    static let pixels: [UInt8] = (0..<(width * height)).flatMap { (i: Int) -> [UInt8] in
        [UInt8(i % 251), UInt8(i % 241), UInt8(i % 239), 255]
    }

    @Test("pixels before the reply or after it are read whole, in rgba8", arguments: [true, false])
    func pixelsEitherSideOfReply(writeFirst: Bool) async throws {
        let screen = try await grab(behaviour: writeFirst ? .writeThenReply : .replyThenWrite, within: .seconds(30))
        #expect(screen.width == Self.width && screen.height == Self.height && screen.format == .rgba8)
        let expected: [UInt8] = stride(from: 0, to: Self.pixels.count, by: 4).flatMap { (i: Int) -> [UInt8] in
            [Self.pixels[i + 2], Self.pixels[i + 1], Self.pixels[i], 255]
        }
        #expect(screen.pixels == expected)
    }

    @Test("a pipe closed short is an error that says how many bytes came")
    func closedShort() async throws {
        let error = await failure(behaviour: .replyThenCloseAfter(bytes: 100_000), within: .seconds(30))
        #expect(error?.code == .failed)
        #expect(error?.message.contains("after 100000 of the 307200 bytes") == true, "\(String(describing: error))")
    }

    @Test("a reply that never comes ends at the deadline as unavailable, saying so")
    func silent() async throws {
        let error = await failure(behaviour: .silent, within: .seconds(1))
        #expect(error?.code == .unavailable)
        #expect(error?.message.contains("sent no screenshot within 1 s") == true, "\(String(describing: error))")
    }

    @Test("KWin's refusal, to this process's user, names the desktop file to install")
    func refused() async throws {
        let error = await failure(behaviour: .refuse, within: .seconds(30))
        #expect(error?.code == .accessDenied)
        #expect(error?.message.contains("org.livetext.desktop") == true && error?.message.contains("make install") == true,
                "\(String(describing: error))")
    }

    @Test("no ScreenShot2 on the bus: unavailable, said by unavailableReason and by a capture")
    func absent() async throws {
        let bus = try await TestBus.start()
        let grabber = KWinScreenShot(busAddress: bus.address)
        let (reason, error) = try await offPool { () -> (String?, LiveTextError?) in
            (grabber.unavailableReason(), Self.error { try grabber.grabScreen(within: .seconds(30)) })
        }
        await bus.stop()
        #expect(reason?.contains("org.kde.KWin.ScreenShot2") == true && reason?.contains("not on the session bus") == true,
                "\(String(describing: reason))")
        #expect(error?.code == .unavailable && error?.message == reason)
    }

    @Test("a bus that cannot be reached: unavailable, naming its address")
    func unreachable() async throws {
        let grabber = KWinScreenShot(busAddress: "unix:path=/nonexistent/livetext-bus")
        let (reason, error) = try await offPool { () -> (String?, LiveTextError?) in
            (grabber.unavailableReason(), Self.error { try grabber.grabScreen(within: .seconds(30)) })
        }
        #expect(reason?.contains("cannot reach the session bus at unix:path=/nonexistent/livetext-bus") == true,
                "\(String(describing: reason))")
        #expect(error?.code == .unavailable)
    }

    private func grab(behaviour: FakeScreenShot2.Behaviour, within deadline: Duration) async throws -> PixelImage {
        let bus = try await TestBus.start()
        let fake = try await FakeScreenShot2.serve(on: bus, width: Self.width, height: Self.height, format: 5,
                                                   pixels: Self.pixels, behaviour: behaviour)
        let grabber = KWinScreenShot(busAddress: bus.address)
        let result = await Task { try await offPool { try grabber.grabScreen(within: deadline) } }.result
        fake.close()
        await bus.stop()
        return try result.get()
    }

    private func failure(behaviour: FakeScreenShot2.Behaviour, within deadline: Duration) async -> LiveTextError? {
        do {
            _ = try await grab(behaviour: behaviour, within: deadline)
            return nil
        } catch {
            return error as? LiveTextError
        }
    }

    private static func error(_ body: () throws -> PixelImage) -> LiveTextError? {
        do {
            _ = try body()
            return nil
        } catch {
            return error as? LiveTextError
        }
    }
}

/// KDE Plasma's order: KWin's ScreenShot2, then the Screenshot portal, each refusal said.
@Suite("DesktopGrabber on KDE Plasma: KWin first, then the portal")
struct KDEGrabberFallbackTests {
    static let environment = ["XDG_CURRENT_DESKTOP": "KDE"]

    @Test("KWin refusing (no desktop file), the portal's screen is read, and its file removed")
    func portalAfterKWin() async throws {
        let bus = try await TestBus.start()
        let kwin = try await FakeScreenShot2.serve(on: bus, width: 4, height: 4, format: 5, pixels: [UInt8](repeating: 0, count: 64),
                                                   behaviour: .refuse)
        let png = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/codes/qr-wifi.png")
        let portal = try await FakeScreenshotPortal.serve(on: bus, png: png)
        let grabber = DesktopGrabber(environment: Self.environment, busAddress: bus.address)
        let result = await Task { try await offPool { try grabber.grabScreen(within: .seconds(30)) } }.result
        let left = try FileManager.default.contentsOfDirectory(atPath: portal.handedOut.path)
        kwin.close()
        portal.close()
        await bus.stop()
        let image = try result.get()
        #expect(image.width == 318 && image.height == 164)
        #expect(left.isEmpty, "the portal's file was left: \(left)")
        #expect(grabber.desktop == .kde)
    }

    @Test("KWin refusing and no portal: one error with both, KWin's (naming the desktop file) first")
    func bothRefuse() async throws {
        let bus = try await TestBus.start()
        let kwin = try await FakeScreenShot2.serve(on: bus, width: 4, height: 4, format: 5, pixels: [UInt8](repeating: 0, count: 64),
                                                   behaviour: .refuse)
        let grabber = DesktopGrabber(environment: Self.environment, busAddress: bus.address)
        let result = await Task { try await offPool { try grabber.grabScreen(within: .seconds(30)) } }.result
        kwin.close()
        await bus.stop()
        guard case .failure(let error as LiveTextError) = result else {
            Issue.record("expected a refusal, got \(result)")
            return
        }
        #expect(error.code == .accessDenied)
        let parts = error.message.components(separatedBy: "; then ")
        #expect(parts.count == 2 && parts[0].contains("org.livetext.desktop") && parts[1].contains("xdg-desktop-portal"),
                "\(error.message)")
    }
}
