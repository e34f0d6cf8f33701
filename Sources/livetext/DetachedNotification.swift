import Foundation
import ImageCodecs
import LiveTextCore

/// Shows a notification that outlives this process: a detached `livetext serve-notification`
/// posts it and performs the action the user picks later. Returns the notification's id (0: the
/// interaction types offered nothing); throws when it could not be shown.
enum DetachedNotification {
    static func show(_ job: NotificationJob) throws -> UInt32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        process.arguments = ["serve-notification"]
        let input = Pipe(), output = Pipe(), errors = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        do {
            try process.run()
        } catch {
            throw LiveTextError(.failed, "cannot start the notification helper: \(error.localizedDescription)")
        }
        let writer = input.fileHandleForWriting
        try? writer.write(contentsOf: try JSONEncoder().encode(job))
        try? writer.close()
        let answer = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let words = answer.split(whereSeparator: \.isWhitespace)
        if words.first.map(String.init) == ServeNotificationCommand.readyLine, let id = words.dropFirst().first.flatMap({ UInt32($0) }) {
            return id
        }
        process.waitUntilExit()
        let said = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            .split(separator: "\n").last.map(String.init) ?? ""
        let reason = said.hasPrefix("livetext: ") ? String(said.dropFirst("livetext: ".count)) : said
        let status = process.terminationStatus
        throw LiveTextError(status == 4 ? .unavailable : .failed,
                            reason.isEmpty ? "the notification helper failed (exit \(status))" : reason)
    }

    /// The job for an analysis this process holds. The image goes along for the preview: the
    /// pixels as PNG, or an analysed file's own bytes.
    static func job(_ analysis: ImageAnalysis, image: PixelImage?, types: [String]?, copied: String?,
                    typed: String?) -> NotificationJob {
        let delivery = copied != nil ? "copied" : typed != nil ? "typed" : "shown"
        var encoded = image.flatMap { try? PNGEncoder.encode($0) }
        if encoded == nil, analysis.image.source.hasPrefix("file:") {
            let path = String(analysis.image.source.dropFirst("file:".count))
            let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? nil
            if let size, size <= 64 << 20 { encoded = FileManager.default.contents(atPath: path) }
        }
        return NotificationJob(analysis: analysis, imagePNG: encoded, types: types,
                               delivery: delivery, deliveredText: copied ?? typed)
    }
}
