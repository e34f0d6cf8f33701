import DBusKit
import Foundation
import LiveTextCore
#if canImport(Glibc)
import Glibc
#endif

/// Pixels and encoded images handed over as file descriptors.
enum DescriptorInput {
    /// `F_GET_SEALS` answers only for memfds: how a pixel buffer is told from any other file.
    static func isMemfd(_ fd: Int32) -> Bool {
        fcntl(fd, 1034 /* F_GET_SEALS */) >= 0
    }

    /// Seals that make a memfd safe to map: it can neither shrink (a mapped page past its end
    /// raises SIGBUS) nor change while it is converted.
    static let safeToMapSeals: Int32 = 0x0002 /* F_SEAL_SHRINK */ | 0x0008 /* F_SEAL_WRITE */

    static func sealedAgainstChange(raw fd: Int32) -> Bool {
        let seals = fcntl(fd, 1034 /* F_GET_SEALS */)
        return seals >= 0 && seals & safeToMapSeals == safeToMapSeals
    }

    /// Raw pixels in a memfd: checked against its size, then mapped read-only when sealed
    /// against shrinking and writes (`sealedAgainstChange`), copied with `pread` otherwise, and
    /// converted.
    static func pixels(fd: Int32, width: UInt32, height: UInt32, stride: UInt32, format: String,
                       maxPixels: Int) throws -> PixelImage {
        guard let pixelFormat = RawPixelFormat(name: format) else {
            throw LiveTextError(.invalidArgs, "unknown pixel format '\(format)' (expected one of: "
                                + RawPixelFormat.allCases.map(\.rawValue).joined(separator: ", ") + ")")
        }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw LiveTextError(.invalidArgs, "the fd is closed or unusable") }
        guard isMemfd(fd) else {
            throw LiveTextError(.invalidArgs, "AnalyzePixels needs a memfd (memfd_create); use AnalyzeImageFd for files and pipes")
        }
        let (w, h, s) = (Int(width), Int(height), Int(stride))
        try ImageLimits(maxPixels: maxPixels).check(width: w, height: h)
        guard s >= w * pixelFormat.bytesPerPixel else {
            throw LiveTextError(.invalidArgs, "stride \(s) is less than width × \(pixelFormat.bytesPerPixel) bytes")
        }
        let (needed, overflow) = s.multipliedReportingOverflow(by: h)
        guard !overflow, Int(info.st_size) >= needed else {
            throw LiveTextError(.invalidArgs, "the memfd holds \(info.st_size) bytes; \(w)×\(h) at stride \(s) needs \(needed)")
        }
        if sealedAgainstChange(raw: fd) {
            guard let base = mmap(nil, needed, PROT_READ, MAP_SHARED, fd, 0), base != MAP_FAILED else {
                throw LiveTextError(.invalidArgs, "cannot map the memfd: \(String(cString: strerror(errno)))")
            }
            defer { munmap(base, needed) }
            return try PixelImage(raw: UnsafeRawBufferPointer(start: base, count: needed), width: w, height: h,
                                  stride: s, format: pixelFormat, maxPixels: maxPixels)
        }
        // Not sealed: the caller may truncate it while it is read, and a mapping would then
        // raise SIGBUS in the daemon. Copied into our own memory instead.
        let copy = try BoundedRead.start(of: fd, count: needed, name: "the memfd")
        guard copy.count == needed else {
            throw LiveTextError(.invalidArgs, "the memfd shrank to \(copy.count) bytes while it was read; "
                                + "\(w)×\(h) at stride \(s) needs \(needed) (seal it with F_SEAL_SHRINK)")
        }
        return try copy.withUnsafeBytes {
            try PixelImage(raw: $0, width: w, height: h, stride: s, format: pixelFormat, maxPixels: maxPixels)
        }
    }
}
