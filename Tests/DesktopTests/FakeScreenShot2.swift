import DBusKit
import Foundation
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// A stand-in for KWin's ScreenShot2 on a private bus, for the faults a real KWin does not show
/// on demand: pixels before or after the reply, a pipe closed short, a reply that never comes, a
/// refusal. It owns `org.kde.KWin.ScreenShot2` and answers `CaptureWorkspace` as told.
final class FakeScreenShot2: Sendable {
    enum Behaviour: Sendable {
        /// Writes every byte, closes the pipe, then replies (a pipe holds 64 KiB: the caller must
        /// read while it waits).
        case writeThenReply
        /// Replies, then writes.
        case replyThenWrite
        /// Replies, writes `bytes` of them and closes the pipe.
        case replyThenCloseAfter(bytes: Int)
        /// Never replies (for longer than any test waits).
        case silent
        /// Answers with KWin's refusal.
        case refuse
    }

    private let connection: DBusConnection

    private init(connection: DBusConnection) {
        self.connection = connection
    }

    /// Serves on `bus` a workspace of `width`×`height` pixels in QImage format `format` (rows of
    /// `width * 4` bytes), `pixels` being what is written.
    static func serve(on bus: TestBus, width: Int, height: Int, format: UInt32, pixels: [UInt8],
                      behaviour: Behaviour) async throws -> FakeScreenShot2 {
        let connection = try await DBusConnection.connect(address: bus.address)
        let results = DBusValue.vardict(["type": .string("raw"), "width": .uint32(UInt32(width)),
                                         "height": .uint32(UInt32(height)), "stride": .uint32(UInt32(width * 4)),
                                         "format": .uint32(format), "scale": .double(1)])
        let capture = DBusMethod("CaptureWorkspace", inputs: [DBusArgument("options", "a{sv}"), DBusArgument("pipe", "h")],
                                 outputs: [DBusArgument("results", "a{sv}")]) { call in
            guard let pipe = call.fileDescriptors.first?.take() else { throw DBusError.invalidArgs("no pipe") }
            switch behaviour {
            case .writeThenReply:
                try await offPool { write(pixels[...], to: pipe) }
                return [results]
            case .replyThenWrite:
                Thread { write(pixels[...], to: pipe) }.start()
                return [results]
            case .replyThenCloseAfter(let count):
                Thread { write(pixels.prefix(count), to: pipe) }.start()
                return [results]
            case .silent:
                try await Task.sleep(for: .seconds(120))
                Glibc.close(pipe)
                return [results]
            case .refuse:
                Glibc.close(pipe)
                throw DBusError(name: "org.kde.KWin.ScreenShot2.Error.NoAuthorized",
                                message: "The process is not authorized to take a screenshot")
            }
        }
        try connection.export("/org/kde/KWin/ScreenShot2",
                              interfaces: [DBusInterface("org.kde.KWin.ScreenShot2", methods: [capture])])
        guard try await connection.requestName("org.kde.KWin.ScreenShot2", flags: .doNotQueue) == .primaryOwner else {
            throw TestFailure("the fake could not own org.kde.KWin.ScreenShot2")
        }
        return FakeScreenShot2(connection: connection)
    }

    func close() {
        connection.close()
    }
}

/// Writes `bytes` into `fd` (blocking; a reader that left ends it) and closes it.
private func write(_ bytes: ArraySlice<UInt8>, to fd: Int32) {
    signal(SIGPIPE, SIG_IGN)
    var offset = bytes.startIndex
    while offset < bytes.endIndex {
        let written = bytes[offset...].withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
        if written > 0 {
            offset += written
        } else if written < 0, errno == EINTR {
            continue
        } else {
            break
        }
    }
    Glibc.close(fd)
}
