import Foundation
import LiveTextCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Where the windows are on sway, from its IPC socket: a Wayland client cannot see other clients'
/// windows, but sway tells anyone who asks on its socket (`swaymsg -t get_tree`), so a capture on
/// sway reads its windows apart as one on X11 does, instead of guessing from the pixels.
///
/// Only the visible windows' rectangles are taken (decorations included), floating ones first
/// (they lie over the tiled ones). Every failure (no sway, another compositor, a socket that does
/// not answer within `deadline`, a tree that does not parse) gives no windows: the pixels decide.
enum SwayWindows {
    /// How long sway may take to answer.
    static let deadline = 250
    /// The most a reply may hold (a tree of hundreds of windows is well under a megabyte).
    static let maximumReply = 16 << 20

    /// The visible windows of the sway whose socket lies in `runtimeDirectory`, in layout
    /// coordinates, topmost first; none when there is no sway there or it does not answer.
    static func rects(runtimeDirectory: String?) -> [Bounds] {
        guard let path = socketPath(runtimeDirectory: runtimeDirectory), let reply = tree(at: path) else { return [] }
        return rects(inTree: reply)
    }

    /// The IPC socket in `runtimeDirectory` (`sway-ipc.UID.PID.sock`), when exactly one has a
    /// running sway behind it (two swavs of one user: which one is ours is not known, so none).
    static func socketPath(runtimeDirectory: String?) -> String? {
        guard let runtimeDirectory,
              let names = try? FileManager.default.contentsOfDirectory(atPath: runtimeDirectory) else { return nil }
        let live = names.filter { name in
            guard name.hasPrefix("sway-ipc."), name.hasSuffix(".sock") else { return false }
            let parts = name.split(separator: ".")
            guard parts.count == 4, let pid = pid_t(parts[2]) else { return false }
            return kill(pid, 0) == 0 || errno == EPERM
        }
        guard live.count == 1 else { return nil }
        return runtimeDirectory + "/" + live[0]
    }

    /// The windows of a `GET_TREE` reply, topmost first.
    static func rects(inTree data: Data) -> [Bounds] {
        guard let root = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else { return [] }
        var floating: [Bounds] = [], tiled: [Bounds] = []
        func visit(_ node: [String: Any], floatingParent: Bool) {
            let children = node["nodes"] as? [[String: Any]] ?? []
            let floats = node["floating_nodes"] as? [[String: Any]] ?? []
            let type = node["type"] as? String
            if children.isEmpty, floats.isEmpty, type == "con" || type == "floating_con",
               node["visible"] as? Bool == true, let rect = bounds(node["rect"]) {
                if type == "floating_con" || floatingParent { floating.append(rect) } else { tiled.append(rect) }
            }
            for child in children { visit(child, floatingParent: floatingParent) }
            // Later floating windows are stacked above earlier ones.
            for child in floats.reversed() { visit(child, floatingParent: true) }
        }
        visit(root, floatingParent: false)
        return floating + tiled
    }

    private static func bounds(_ value: Any?) -> Bounds? {
        guard let rect = value as? [String: Any], let x = rect["x"] as? Int, let y = rect["y"] as? Int,
              let width = rect["width"] as? Int, let height = rect["height"] as? Int, width > 0, height > 0 else { return nil }
        return Bounds(x: x, y: y, width: width, height: height)
    }

    /// Asks for the tree (message type 4, GET_TREE); nil on any failure or past the deadline.
    private static func tree(at path: String) -> Data? {
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let capacity = MemoryLayout.size(ofValue: address.sun_path)
        guard path.utf8.count < capacity else { return nil }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            raw.copyBytes(from: path.utf8)
            raw[path.utf8.count] = 0
        }
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard connected == 0 else { return nil }
        var request = Data("i3-ipc".utf8)
        withUnsafeBytes(of: UInt32(0).littleEndian) { request.append(contentsOf: $0) }
        withUnsafeBytes(of: UInt32(4).littleEndian) { request.append(contentsOf: $0) }
        let sent = request.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        guard sent == request.count else { return nil }
        let started = ContinuousClock.now
        func read(_ count: Int) -> Data? {
            var data = Data()
            var buffer = [UInt8](repeating: 0, count: 64 * 1024)
            while data.count < count {
                let left = Self.deadline - Int((ContinuousClock.now - started) / .milliseconds(1))
                var ready = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
                guard left > 0, poll(&ready, 1, Int32(left)) == 1 else { return nil }
                let got = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, min($0.count, count - data.count), 0) }
                guard got > 0 else { return nil }
                data.append(contentsOf: buffer[0..<got])
            }
            return data
        }
        guard let header = read(14), header.prefix(6) == Data("i3-ipc".utf8) else { return nil }
        let length = header.subdata(in: 6..<10).withUnsafeBytes { Int(UInt32(littleEndian: $0.loadUnaligned(as: UInt32.self))) }
        guard length > 0, length <= maximumReply else { return nil }
        return read(length)
    }
}

extension CapturedImage {
    /// The capture with `windows` (layout coordinates, topmost first) as its content regions, in
    /// its pixels (`scale` of them a layout pixel); unchanged when one window covers it all.
    func reading(windows: [Bounds]) -> CapturedImage {
        let shown = windows.map { $0.intersection(bounds) }.filter { !$0.isEmpty }
        guard !shown.isEmpty, shown.first != bounds else { return self }
        let scale = Double(image.width) / Double(max(1, bounds.width))
        var captured = self
        captured.regions = ContentRegions(shown.map { rect in
            let x = Int((Double(rect.x - bounds.x) * scale).rounded()), y = Int((Double(rect.y - bounds.y) * scale).rounded())
            return Bounds(x: x, y: y, width: Int((Double(rect.maxX - bounds.x) * scale).rounded()) - x,
                          height: Int((Double(rect.maxY - bounds.y) * scale).rounded()) - y)
        })
        return captured
    }
}
