import CX11
import Foundation
import LiveTextCore

/// A window property as XGetWindowProperty returns it.
struct PropertyValue {
    var type: Atom
    /// 8, 16 or 32.
    var format: Int32
    /// Format 8: the bytes. Formats 16 and 32: Xlib's in-memory layout (C `short`s, C `long`s).
    var data: Data

    /// The items of a format-32 property (atoms, integers), nil for another format.
    var longs: [UInt]? {
        guard format == 32 else { return nil }
        return data.withUnsafeBytes { raw in Array(raw.bindMemory(to: UInt.self)) }
    }
}

/// Thrown by `readProperty` when the property holds more than the caller accepts.
struct PropertyTooLarge: Error {
    let size: Int
}

/// What XGetWindowProperty's `long_length` asks for per request: 1 MiB, so a large property does
/// not make one huge reply (the offset and length are counted in 32-bit units).
private let propertyChunkLongs = 1 << 18

extension X11Display {
    /// Reads the whole property in chunks. With `delete`, the server deletes it once the last chunk
    /// is read (XGetWindowProperty deletes only when nothing is left after the read), which is the
    /// signal the INCR protocol waits for. Nil when the property does not exist.
    ///
    /// Over `maxBytes`: the property is deleted (so nothing is left behind) and `PropertyTooLarge`
    /// is thrown before more than the first chunk is read.
    func readProperty(of window: Window, _ property: Atom, delete: Bool, maxBytes: Int = .max) throws -> PropertyValue? {
        var result = Data()
        var type: Atom = 0
        var format: Int32 = 0
        var offset = 0
        while true {
            var actualType: Atom = 0, actualFormat: Int32 = 0
            var count: UInt = 0, remaining: UInt = 0
            var bytes: UnsafeMutablePointer<UInt8>?
            let status = XGetWindowProperty(handle, window, property, offset, propertyChunkLongs, delete ? 1 : 0,
                                            0 /* AnyPropertyType */, &actualType, &actualFormat, &count, &remaining, &bytes)
            defer { if let bytes { XFree(bytes) } }
            guard status == Success, actualType != 0 else { return offset == 0 ? nil : PropertyValue(type: type, format: format, data: result) }
            let wireBytes = Int(count) * Int(actualFormat) / 8
            if offset == 0 {
                type = actualType
                format = actualFormat
                let total = wireBytes + Int(remaining)
                if total > maxBytes {
                    XDeleteProperty(handle, window, property)
                    throw PropertyTooLarge(size: total)
                }
            }
            let memoryBytes = switch actualFormat {
            case 32: Int(count) * MemoryLayout<CLong>.size
            case 16: Int(count) * MemoryLayout<CShort>.size
            default: Int(count)
            }
            if let bytes, memoryBytes > 0 { result.append(bytes, count: memoryBytes) }
            offset += wireBytes / 4
            if remaining == 0 || wireBytes == 0 { break }
        }
        return PropertyValue(type: type, format: format, data: result)
    }

    /// Replaces a property with bytes (format 8).
    func setProperty(of window: Window, _ property: Atom, type: Atom, bytes: Data) {
        bytes.withUnsafeBytes { raw in
            let base = raw.bindMemory(to: UInt8.self).baseAddress
            XChangeProperty(handle, window, property, type, 8, PropModeReplace, base, Int32(bytes.count))
        }
    }

    /// Replaces a property with 32-bit items (atoms, integers; C `long`s in Xlib's memory layout).
    func setProperty(of window: Window, _ property: Atom, type: Atom, longs: [UInt]) {
        longs.withUnsafeBytes { raw in
            let base = raw.bindMemory(to: UInt8.self).baseAddress
            XChangeProperty(handle, window, property, type, 32, PropModeReplace, base, Int32(longs.count))
        }
    }

    /// Names of many atoms in one round trip; unknown atoms come back as nil.
    func atomNames(_ atoms: [Atom]) -> [String?] {
        guard !atoms.isEmpty else { return [] }
        var input = atoms
        var names = [UnsafeMutablePointer<CChar>?](repeating: nil, count: atoms.count)
        let error = trapErrors { _ = XGetAtomNames(handle, &input, Int32(atoms.count), &names) }
        defer { for name in names { if let name { XFree(name) } } }
        if error != nil { return atoms.map { atomName($0) } }
        return names.map { $0.map { String(cString: $0) } }
    }

    /// Waits for an event that `take` finds in the queue (it should use XCheck…Event, which also
    /// reads what the server sent), polling the connection until `deadline`.
    ///
    /// Returns nil at the deadline; throws `.unavailable` when the server goes away meanwhile,
    /// `.cancelled` as soon as `cancel` is raised (its pipe is polled with the connection).
    /// Events `take` does not want stay queued for whoever owns them.
    func waitForEvent<T>(until deadline: ContinuousClock.Instant, cancel: WaitCancellation? = nil,
                         _ take: () -> T?) throws -> T? {
        while true {
            try cancel?.check()
            try checkAlive()
            // Flush first: libxcb may read while it writes, and what it read the socket will
            // not signal again; `take` (XCheck…Event) looks in those buffers.
            flush()
            if let found = take() { return found }
            try checkAlive()
            let left = deadline - .now
            if left <= .zero { return nil }
            // The wake pipe is never read: once raised, the flag ends the wait for good.
            var descriptors = [pollfd(fd: connectionNumber, events: Int16(POLLIN), revents: 0),
                               pollfd(fd: cancel?.wakeDescriptor ?? -1, events: Int16(POLLIN), revents: 0)]
            _ = poll(&descriptors, nfds_t(descriptors.count), Int32(min(1000, max(1, (left.seconds * 1000).rounded(.up)))))
        }
    }

    /// A server timestamp, got the ICCCM way (§2.1): a zero-length append to a property of
    /// `window` (which must select PropertyChangeMask) and the time of the PropertyNotify it causes.
    /// Nil when the server does not answer within `timeout`.
    func serverTime(on window: Window, property: Atom, timeout: Duration = .seconds(3)) throws -> Time? {
        var empty: UInt8 = 0
        XChangeProperty(handle, window, property, atom("INTEGER"), 8, PropModeAppend, &empty, 0)
        var match = (window: window, atom: property)
        return try withUnsafeMutableBytes(of: &match) { raw in
            let argument = raw.baseAddress!.assumingMemoryBound(to: CChar.self)
            return try waitForEvent(until: .now + timeout) { () -> Time? in
                var event = XEvent()
                let found = XCheckIfEvent(handle, &event, { _, event, argument in
                    guard let event, let argument else { return 0 }
                    let wanted = UnsafeRawPointer(argument).load(as: (window: Window, atom: Atom).self)
                    let property = event.pointee.xproperty
                    return event.pointee.type == PropertyNotify && property.window == wanted.window
                        && property.atom == wanted.atom ? 1 : 0
                }, argument)
                return found != 0 ? event.xproperty.time : nil
            }
        }
    }
}

/// Wrap-around-aware "a is at or after b" for X server timestamps (milliseconds, 32 bits).
func serverTime(_ a: Time, isAtOrAfter b: Time) -> Bool {
    Int32(truncatingIfNeeded: Int64(a) - Int64(b)) >= 0
}
