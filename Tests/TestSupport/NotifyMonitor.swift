import Foundation

/// A `Notify` call as it travelled over the bus, parsed from `busctl monitor --json=short`.
public struct ObservedNotify: Sendable, Hashable, CustomStringConvertible {
    public let appName: String
    public let replacesId: Int
    public let appIcon: String
    public let summary: String
    public let body: String
    /// The flat actions array: key, label, key, label, …
    public let actions: [String]
    /// The hint names, sorted.
    public let hintNames: [String]
    /// The signature of each hint's value, by name (`y` for urgency, `(iiibiiay)` for image-data).
    public let hintTypes: [String: String]
    public let expireTimeout: Int
    /// The image-data struct's fields, when the hint was there.
    public let image: Image?

    public struct Image: Sendable, Hashable {
        public let width: Int
        public let height: Int
        public let rowstride: Int
        public let hasAlpha: Bool
        public let bitsPerSample: Int
        public let channels: Int
        /// The pixel bytes.
        public let data: [UInt8]
    }

    public var description: String {
        var text = "Notify app=\(appName) replaces=\(replacesId) summary=\(summary) body=\(body) actions=\(actions) "
            + "hints=\(hintNames) timeout=\(expireTimeout)"
        if let image {
            text += " image=\(image.width)x\(image.height) stride=\(image.rowstride) alpha=\(image.hasAlpha) "
                + "bits=\(image.bitsPerSample) channels=\(image.channels) bytes=\(image.data.count)"
        }
        return text
    }

    /// Parses one message line of `busctl monitor --json=short`; `nil` for anything but `Notify`.
    init?(jsonLine: Substring) {
        guard let message = try? JSONSerialization.jsonObject(with: Data(jsonLine.utf8)) as? [String: Any],
              message["type"] as? String == "method_call", message["member"] as? String == "Notify",
              let payload = message["payload"] as? [String: Any], let data = payload["data"] as? [Any], data.count == 8
        else { return nil }
        appName = data[0] as? String ?? ""
        replacesId = data[1] as? Int ?? -1
        appIcon = data[2] as? String ?? ""
        summary = data[3] as? String ?? ""
        body = data[4] as? String ?? ""
        actions = data[5] as? [String] ?? []
        let hints = data[6] as? [String: [String: Any]] ?? [:]
        hintNames = hints.keys.sorted()
        hintTypes = hints.compactMapValues { $0["type"] as? String }
        expireTimeout = data[7] as? Int ?? 0
        if let fields = hints["image-data"]?["data"] as? [Any], fields.count == 7 {
            image = Image(width: fields[0] as? Int ?? -1, height: fields[1] as? Int ?? -1,
                          rowstride: fields[2] as? Int ?? -1, hasAlpha: fields[3] as? Bool ?? false,
                          bitsPerSample: fields[4] as? Int ?? -1, channels: fields[5] as? Int ?? -1,
                          data: (fields[6] as? [Int] ?? []).map { UInt8(clamping: $0) })
        } else {
            image = nil
        }
    }
}

/// `busctl monitor` on a test bus, recording every `Notify` call to a file until ``stop()``.
public final class NotifyMonitor: @unchecked Sendable {
    private let process: Process
    private let output: URL

    private init(process: Process, output: URL) {
        self.process = process
        self.output = output
    }

    /// Starts the monitor and returns once the bus made it a monitor (up to 10 s).
    static func start(busAddress: String, directory: URL) async throws -> NotifyMonitor {
        let name = "monitor-\(UUID().uuidString)"
        let output = directory.appendingPathComponent(name + ".json")
        let errors = directory.appendingPathComponent(name + ".err")
        _ = FileManager.default.createFile(atPath: output.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errors.path, contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/busctl")
        process.arguments = ["--address=\(busAddress)", "monitor", "--json=short",
                             "--match=type='method_call',interface='org.freedesktop.Notifications',member='Notify'"]
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = try FileHandle(forWritingTo: output)
        process.standardError = try FileHandle(forWritingTo: errors)
        try process.run()
        let monitor = NotifyMonitor(process: process, output: output)
        for _ in 0..<200 {
            // busctl says so on stderr once BecomeMonitor succeeded.
            if let text = try? String(contentsOf: errors, encoding: .utf8), text.contains("Monitoring") { return monitor }
            if !process.isRunning { break }
            try await Task.sleep(for: .milliseconds(50))
        }
        let text = (try? String(contentsOf: errors, encoding: .utf8)) ?? ""
        await monitor.stop()
        throw TestFailure("busctl monitor did not start: \(text)")
    }

    /// Every `Notify` seen so far, oldest first.
    public func calls() -> [ObservedNotify] {
        let text = (try? String(contentsOf: output, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").compactMap { ObservedNotify(jsonLine: $0) }
    }

    /// Waits (up to 10 s) until `count` `Notify` calls were seen and returns the last one.
    public func lastNotify(afterCount count: Int = 1) async throws -> ObservedNotify {
        for _ in 0..<200 {
            let seen = calls()
            if seen.count >= count, let last = seen.last { return last }
            try await Task.sleep(for: .milliseconds(50))
        }
        throw TestFailure("busctl monitor saw \(calls().count) Notify calls, not \(count)")
    }

    /// Kills busctl.
    public func stop() async {
        let process = self.process
        _ = try? await offPool {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
    }
}
