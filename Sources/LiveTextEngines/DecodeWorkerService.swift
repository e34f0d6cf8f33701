import Foundation
import ImageCodecs
import LiveTextCore
#if canImport(Glibc)
import Glibc
#endif

/// The decode worker: a `livetext` process that a `DecodeWorkers` pool starts, decoding one image
/// at a time for it. Each decode runs under limits the worker sets from the request, so that no
/// image can take more: RLIMIT_CPU (the kernel ends the worker with SIGXCPU past it) and
/// RLIMIT_AS (allocations past it fail). What the libraries print goes to this process's fd 2,
/// captured around the one decode running, so messages belong to that decode and no lock is
/// shared with any other.
public enum DecodeWorkerService {
    /// Serves requests on fd 3 until the parent closes its end, or `idle` passes without one;
    /// returns the exit status (0, or 2 for a request it cannot read).
    public static func serve(idle: Duration = DecodeWorkers.Configuration.defaultIdle) -> Int32 {
        // Ends with its parent, even mid-decode: the parent's end of the socket closes with it.
        // (Not PR_SET_PDEATHSIG, which fires when the thread that started the worker ends, and
        // the parent's threads come and go.) No core file from an image that crashed a library.
        let watchdog = Thread {
            var hangUp = pollfd(fd: DecodeWorkerWire.socketFD, events: 0x2000 /* POLLRDHUP */, revents: 0)
            while poll(&hangUp, 1, -1) < 0 && errno == EINTR {}
            _exit(0)
        }
        watchdog.start()
        var noCore = rlimit(rlim_cur: 0, rlim_max: 0)
        _ = setrlimit(resource(RLIMIT_CORE), &noCore)
        let socket = DecodeWorkerWire.socketFD
        let decoder = LeptonicaImageDecoder()
        let idleMilliseconds = Int32(clamping: idle.components.seconds * 1000)
        while true {
            var ready = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
            let answered = poll(&ready, 1, idleMilliseconds)
            if answered == 0 { return 0 }
            if answered < 0 { if errno == EINTR { continue } else { return 2 } }
            guard let bytes = readExactly(socket, DecodeWorkerWire.Request.size) else { return 0 }
            guard let request = DecodeWorkerWire.Request(bytes) else { return 2 }
            let reply = decode(request, with: decoder).encoded
            guard reply.withUnsafeBytes({ send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }) == reply.count else {
                return 0
            }
        }
    }

    private static func decode(_ request: DecodeWorkerWire.Request, with decoder: LeptonicaImageDecoder)
        -> DecodeWorkerWire.Reply {
        let limits = Limits(cpuSeconds: request.cpuSeconds, addressSpace: request.addressSpaceBytes)
        defer { limits.lift() }
        guard request.encodedBytes > 0,
              let mapped = mmap(nil, request.encodedBytes, PROT_READ, MAP_SHARED, DecodeWorkerWire.inputFD, 0),
              mapped != MAP_FAILED else {
            return DecodeWorkerWire.Reply(error: LiveTextError(.failed, "the decoder could not map the image's bytes"))
        }
        defer { munmap(mapped, request.encodedBytes) }
        let data = Data(bytesNoCopy: mapped, count: request.encodedBytes, deallocator: .none)
        do {
            return try decoder.withRGBA(data, limits: ImageLimits(maxPixels: request.maxPixels)) { width, height, rgba in
                try writeAll(rgba, to: DecodeWorkerWire.outputFD)
                return DecodeWorkerWire.Reply(width: width, height: height)
            }
        } catch let error as LiveTextError {
            return DecodeWorkerWire.Reply(error: error)
        } catch {
            return DecodeWorkerWire.Reply(error: LiveTextError(.failed, "\(error)"))
        }
    }

    /// The kernel's limits for one decode, from what this process has used so far.
    private struct Limits {
        init(cpuSeconds: Int, addressSpace: Int) {
            var usage = rusage()
            getrusage(RUSAGE_SELF.rawValue, &usage)
            let used = Int(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + 1
            set(RLIMIT_CPU, to: cpuSeconds > 0 ? used + cpuSeconds : nil)
            set(RLIMIT_AS, to: addressSpace > 0 ? Self.addressSpaceNow() + min(addressSpace, Int.max / 2) : nil)
        }

        func lift() {
            set(RLIMIT_CPU, to: nil)
            set(RLIMIT_AS, to: nil)
        }

        /// Soft limit `value` (none for nil) under an unlimited hard one, so that it can be lifted.
        private func set(_ which: __rlimit_resource, to value: Int?) {
            let unlimited = rlim_t.max  // RLIM_INFINITY, which Swift imports as a negative literal
            var limit = rlimit(rlim_cur: value.map { rlim_t($0) } ?? unlimited, rlim_max: unlimited)
            _ = setrlimit(resource(which), &limit)
        }

        private static func addressSpaceNow() -> Int {
            guard let statm = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8),
                  let pages = statm.split(separator: " ").first.flatMap({ Int($0) }) else { return 0 }
            return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
        }
    }

    private static func writeAll(_ bytes: UnsafeRawBufferPointer, to fd: Int32) throws {
        guard ftruncate(fd, off_t(bytes.count)) == 0 else {
            throw LiveTextError(.tooLarge, "no room for the decoded pixels (\(bytes.count) bytes)")
        }
        var done = 0
        while done < bytes.count {
            let count = pwrite(fd, bytes.baseAddress! + done, min(bytes.count - done, 8 << 20), off_t(done))
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { throw LiveTextError(.tooLarge, "no room for the decoded pixels (\(bytes.count) bytes)") }
            done += count
        }
    }

    private static func readExactly(_ fd: Int32, _ count: Int) -> [UInt8]? {
        var bytes = [UInt8](repeating: 0, count: count)
        var done = 0
        while done < count {
            let got = bytes.withUnsafeMutableBytes { recv(fd, $0.baseAddress! + done, count - done, 0) }
            if got < 0 && errno == EINTR { continue }
            guard got > 0 else { return nil }
            done += got
        }
        return bytes
    }
}

/// setrlimit's resource argument (an int without `_GNU_SOURCE`).
func resource(_ which: __rlimit_resource) -> Int32 { Int32(which.rawValue) }
