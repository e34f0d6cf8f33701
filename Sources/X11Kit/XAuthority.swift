import CX11
import Foundation
import Synchronization

/// The cookie for one display from an Xauthority file a request names, handed to Xlib for one
/// `XOpenDisplay` only (`XSetAuthorization` is process-wide: every open runs under one lock, and
/// the default, Xlib reading `$XAUTHORITY` itself, is put back after).
enum XAuthority {
    /// Every display opened in this process opens under it.
    static let opening = Mutex(())

    /// An entry of the file: the authorization protocol's name and its data.
    struct Cookie: Equatable {
        let name: [UInt8]
        let data: [UInt8]
    }

    /// The entry of the Xauthority file at `path` for local display `number` on this host
    /// (family local with this host's name, or wild; any number when it has none); nil when there
    /// is none. The file format:
    /// entries of a big-endian 16-bit family, then address, number, name and data, each a
    /// 16-bit length and its bytes.
    static func cookie(path: String, display number: String, hostname: String = ProcessInfo.processInfo.hostName)
        -> Cookie? {
        guard let bytes = FileManager.default.contents(atPath: path).map([UInt8].init), bytes.count <= 1 << 20 else {
            return nil
        }
        var offset = 0
        func u16() -> Int? {
            guard offset + 2 <= bytes.count else { return nil }
            defer { offset += 2 }
            return Int(bytes[offset]) << 8 | Int(bytes[offset + 1])
        }
        func field() -> [UInt8]? {
            guard let count = u16(), offset + count <= bytes.count else { return nil }
            defer { offset += count }
            return Array(bytes[offset..<offset + count])
        }
        let local = 256, wild = 65535
        while let family = u16() {
            guard let address = field(), let display = field(), let name = field(), let data = field() else { return nil }
            let here = family == wild || (family == local && String(decoding: address, as: UTF8.self) == hostname)
            // An entry without a number is for every display, as libXau reads it.
            if here, display.isEmpty || String(decoding: display, as: UTF8.self) == number {
                return Cookie(name: name, data: data)
            }
        }
        return nil
    }

    /// The display number of a local display name (`:1`, `unix:1.0`, `/tmp/.X11-unix/X1`).
    static func displayNumber(of name: String) -> String? {
        if name.hasPrefix("/") {
            let file = name.split(separator: "/").last ?? ""
            return file.hasPrefix("X") ? String(file.dropFirst()).split(separator: ":").first.map(String.init) : nil
        }
        guard let colon = name.lastIndex(of: ":") else { return nil }
        return name[name.index(after: colon)...].split(separator: ".").first.map(String.init)
    }

    /// Opens `name` with the cookie `authority`'s file holds for it (none found: no cookie at
    /// all, never `$XAUTHORITY`'s), or as Xlib would by itself when `authority` is nil.
    static func open(_ name: String, authority: String?) -> OpaquePointer? {
        opening.withLock { _ in
            guard let authority else { return XOpenDisplay(name) }
            let cookie = displayNumber(of: name).flatMap { Self.cookie(path: authority, display: $0) }
                ?? Cookie(name: [], data: [])
            defer { XSetAuthorization(nil, 0, nil, 0) }
            // A name that is not NULL, even empty: NULL would put Xlib's own choice back.
            var protocolName = cookie.name.map { CChar(bitPattern: $0) } + [0]
            var data = cookie.data.map { CChar(bitPattern: $0) } + [0]
            let (nameCount, dataCount) = (Int32(cookie.name.count), Int32(cookie.data.count))
            protocolName.withUnsafeMutableBufferPointer { protocolName in
                data.withUnsafeMutableBufferPointer { data in
                    XSetAuthorization(protocolName.baseAddress, nameCount, data.baseAddress, dataCount)
                }
            }
            return XOpenDisplay(name)
        }
    }
}
