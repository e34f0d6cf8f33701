#if canImport(Glibc)
import Glibc
#endif
import DBusKit
import LiveTextCore

/// KDE Plasma's screen, read through KWin's own `org.kde.KWin.ScreenShot2` (what Spectacle uses):
/// `CaptureWorkspace(a{sv} options, h pipe) -> a{sv} results` writes every output's pixels, raw,
/// into a pipe we pass, and says their size, stride and `QImage` format in its reply. No file, no
/// PNG and no dialog: KWin grants it to the binaries its installed desktop files name
/// (`KWinDesktopFile`). The connection to the session bus is kept between captures.
public final class KWinScreenShot: ScreenGrabber {
    public static let busName = "org.kde.KWin.ScreenShot2"
    static let objectPath: DBusObjectPath = "/org/kde/KWin/ScreenShot2"
    static let interface = "org.kde.KWin.ScreenShot2"

    public let spokenName = "KWin's ScreenShot2"
    let bus: SessionBus

    /// The session bus KWin runs on, as an address (`unix:path=…`); nil: this process's
    /// (`DBUS_SESSION_BUS_ADDRESS`).
    public init(busAddress: String? = nil) {
        bus = SessionBus(address: busAddress)
    }

    /// The session bus this grabber asks (nil: this process's).
    public var busAddress: String? { bus.address }

    public func unavailableReason() -> String? {
        let bus = self.bus
        switch BlockingCall.result(within: .seconds(3), { try await bus.isOwned(Self.busName, timeout: .seconds(2)) }) {
        case nil: return "the session bus at \(bus.spokenAddress) did not answer within 3 s"
        case .success(true): return nil
        case .success(false): return notOnBus
        case .failure(let error): return failure(error, deadline: .seconds(2)).message
        }
    }

    public func grabScreen(within deadline: Duration) throws -> PixelImage {
        let end = ContinuousClock.now + deadline
        let pipe = try PixelPipe()
        guard let writeEnd = pipe.takeWriteEnd() else { throw LiveTextError(.failed, "the screenshot's pipe has no write end") }
        let handle = DBusFileDescriptor(owning: writeEnd)
        let outcome = try CallOutcome<[DBusValue]>()
        let bus = self.bus
        let task = Task {
            let connection: DBusConnection
            do { connection = try await bus.connection() } catch {
                handle.close()
                return outcome.finish(.failure(error))
            }
            do {
                guard connection.canSendFileDescriptors else {
                    throw LiveTextError(.unavailable, "the session bus at \(bus.spokenAddress) cannot pass file descriptors, "
                                        + "which KWin's ScreenShot2 writes its pixels into")
                }
                // Physical pixels, whatever the outputs' scales; no pointer over the text.
                let reply = try await connection.call(destination: Self.busName, path: Self.objectPath,
                                                      interface: Self.interface, member: "CaptureWorkspace",
                                                      arguments: [.vardict(["native-resolution": .bool(true)]),
                                                                  .unixFD(handle)],
                                                      timeout: deadline)
                // Our copy of the write end goes first: the pipe then ends when KWin closes its own.
                handle.close()
                outcome.finish(.success(reply))
            } catch {
                handle.close()
                bus.forget(connection, after: error)
                outcome.finish(.failure(error))
            }
        }
        defer { task.cancel() }
        return try collect(from: pipe, replyIn: outcome, until: end, deadline: deadline)
    }

    /// Reads the pipe while waiting for the reply, until the reply's `stride × height` bytes came.
    private func collect(from pipe: PixelPipe, replyIn outcome: CallOutcome<[DBusValue]>,
                         until end: ContinuousClock.Instant, deadline: Duration) throws -> PixelImage {
        // Before the reply says the size, what any image within the limits can take.
        let provisional = ImageLimits().maxPixels * 4
        var reply: ScreenShot2Reply?
        while true {
            if reply == nil, let result = outcome.value {
                switch result {
                case .failure(let error): throw failure(error, deadline: deadline)
                case .success(let values):
                    let announced = try ScreenShot2Reply(values)
                    pipe.reserve(announced.byteCount)
                    reply = announced
                }
            }
            if let reply {
                if pipe.bytes.count >= reply.byteCount {
                    let bytes = pipe.bytes.count == reply.byteCount ? pipe.bytes : Array(pipe.bytes.prefix(reply.byteCount))
                    return try reply.format.image(from: bytes, width: reply.width, height: reply.height, stride: reply.stride)
                }
                if pipe.ended {
                    throw LiveTextError(.failed, "\(spokenName) closed the pipe after \(pipe.bytes.count) of the "
                                        + "\(reply.byteCount) bytes of a \(reply.width)×\(reply.height) screenshot")
                }
            }
            let left = end - ContinuousClock.now
            guard left > .zero else { throw timedOut(deadline) }
            var watched: [pollfd] = []
            if !pipe.ended { watched.append(pollfd(fd: pipe.readEnd, events: Int16(POLLIN), revents: 0)) }
            if reply == nil { watched.append(pollfd(fd: outcome.wakeFD, events: Int16(POLLIN), revents: 0)) }
            let milliseconds = Int32(clamping: BlockingCall.nanoseconds(left) / 1_000_000 + 1)
            _ = poll(&watched, nfds_t(watched.count), milliseconds)
            if !pipe.ended { try pipe.drain(limit: reply?.byteCount ?? provisional, what: spokenName) }
        }
    }
}
