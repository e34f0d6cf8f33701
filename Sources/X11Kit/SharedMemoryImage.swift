import CX11
import Foundation
import LiveTextCore

/// A System V shared-memory segment the X server writes images into and reads them from
/// (MIT-SHM), reused between captures and drawings and replaced by a larger one when an image does
/// not fit.
///
/// The segment is marked for removal (`IPC_RMID`) as soon as the server has attached it, so the
/// kernel frees it when both sides detach, even if this process dies.
final class SharedMemoryImage {
    private let display: X11Display
    private let info: UnsafeMutablePointer<XShmSegmentInfo>
    private var address: UnsafeMutableRawPointer?
    private(set) var size = 0

    /// Attaches a first segment of `initialSize` bytes; nil when the server refuses it (a remote
    /// server, or one running as another user, answers BadAccess) or shared memory is not available.
    init?(display: X11Display, initialSize: Int) {
        self.display = display
        info = .allocate(capacity: 1)
        info.initialize(to: XShmSegmentInfo())
        // Every stored property is set: from here a failing init runs deinit, which frees `info`
        // (freeing it here too was a double free).
        guard attach(size: initialSize) else { return nil }
    }

    /// The one place `info` is freed, also when init failed.
    deinit {
        detach()
        info.deallocate()
    }

    /// True when `name` is a display on this machine (`:0`, `unix:0`, a socket path): only then can
    /// the server map our segment.
    static func isLocal(displayName name: String) -> Bool {
        if name.hasPrefix("/") { return true }  // launchd-style socket path
        guard let colon = name.lastIndex(of: ":") else { return false }
        let host = name[..<colon]
        return host.isEmpty || host == "unix"
    }

    /// Reads `area` of `drawable` (root depth and visual) into rgba8; throws the X error when the
    /// server refuses the request, `.failed` when the segment cannot be grown.
    func read(drawable: Drawable, area: Bounds, visual: UnsafeMutablePointer<Visual>, depth: Int32) throws -> PixelImage {
        try withImage(width: area.width, height: area.height, visual: visual, depth: depth) { image, address in
            var ok: Int32 = 0
            let error = display.trapErrors {
                ok = XShmGetImage(display.handle, drawable, image, Int32(area.x), Int32(area.y), ~0)
            }
            if let error { throw error }
            try display.checkAlive()
            guard ok != 0 else {
                throw LiveTextError(.failed, "the X server did not fill the shared-memory image")
            }
            return try XImagePixels.rgba(from: address, width: area.width, height: area.height,
                                         layout: XPixelLayout(image: image, visual: visual))
        }
    }

    /// Draws an image of `area`'s size at `area`'s origin in `drawable` with `gc`: `fill` writes its
    /// pixels into the segment in the layout it is given, then the server copies them out. Returns
    /// once the server has (the segment is free again); throws the X error when it refused.
    func put(drawable: Drawable, gc: GC, area: Bounds, visual: UnsafeMutablePointer<Visual>, depth: Int32,
             fill: (UnsafeMutableRawPointer, XPixelLayout) throws -> Void) throws {
        try withImage(width: area.width, height: area.height, visual: visual, depth: depth) { image, address in
            try fill(address, XPixelLayout(image: image, visual: visual))
            let error = display.trapErrors {
                _ = XShmPutImage(display.handle, drawable, gc, image, 0, 0, Int32(area.x), Int32(area.y),
                                 UInt32(area.width), UInt32(area.height), 0)
            }
            if let error { throw error }
            try display.checkAlive()
        }
    }

    /// Runs `body` with a shared-memory image of `width`×`height` over the segment (grown when it
    /// is too small) and the segment's address.
    private func withImage<T>(width: Int, height: Int, visual: UnsafeMutablePointer<Visual>, depth: Int32,
                              _ body: (UnsafeMutablePointer<XImage>, UnsafeMutableRawPointer) throws -> T) throws -> T {
        guard let image = XShmCreateImage(display.handle, visual, UInt32(depth), ZPixmap, nil, info,
                                          UInt32(width), UInt32(height)) else {
            throw LiveTextError(.failed, "could not create a shared-memory image of \(width)×\(height)")
        }
        defer {
            image.pointee.data = nil
            _ = lt_XDestroyImage(image)
        }
        let needed = Int(image.pointee.bytes_per_line) * Int(image.pointee.height)
        if needed > size {
            detach()
            guard attach(size: needed) else {
                throw LiveTextError(.failed, "the X server refused a shared-memory segment of \(needed) bytes")
            }
        }
        guard let address else { throw LiveTextError(.failed, "no shared-memory segment is attached") }
        image.pointee.data = address.assumingMemoryBound(to: CChar.self)
        return try body(image, address)
    }

    /// Creates a segment of `size` bytes (rounded up to 64 KiB) and has the server attach it.
    private func attach(size requested: Int) -> Bool {
        let size = (max(requested, 1) + 0xffff) & ~0xffff
        let id = shmget(0 /* IPC_PRIVATE */, size, IPC_CREAT | 0o600)
        guard id >= 0 else { return false }
        guard let address = shmat(id, nil, 0), address != UnsafeMutableRawPointer(bitPattern: -1) else {
            shmctl(id, IPC_RMID, nil)
            return false
        }
        info.pointee = XShmSegmentInfo(shmseg: 0, shmid: id, shmaddr: address.assumingMemoryBound(to: CChar.self),
                                       readOnly: 0)
        var attached: Int32 = 0
        let error = display.trapErrors { attached = XShmAttach(display.handle, info) }
        // The server has attached it (the requests were synced) or never will: either way nothing
        // else needs the id, and the kernel frees the memory once the last user detaches.
        shmctl(id, IPC_RMID, nil)
        guard error == nil, attached != 0, !display.isBroken else {
            shmdt(address)
            info.pointee = XShmSegmentInfo()
            return false
        }
        self.address = address
        self.size = size
        return true
    }

    /// Detaches the segment from the server and from us (once).
    func detach() {
        guard let address else { return }
        if !display.isClosed, !display.isBroken {
            display.trapErrors { _ = XShmDetach(display.handle, info) }
        }
        shmdt(address)
        self.address = nil
        size = 0
        info.pointee = XShmSegmentInfo()
    }
}
