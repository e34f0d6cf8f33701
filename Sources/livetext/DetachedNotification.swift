import Foundation
import ImageCodecs
import LiveTextCore

/// Shows a notification that outlives this process: a detached `livetext serve-notification`
/// posts it and performs the action the user picks later. Returns the notification's id (0: the
/// interaction types offered nothing); throws when it could not be shown.
enum DetachedNotification {
    static func show(_ job: NotificationJob) throws -> UInt32 {
        let line = try DetachedHelper.start(["serve-notification"], input: try JSONEncoder().encode(job),
                                            what: "notification helper")
        let words = line.split(separator: " ")
        guard words.count == 2, words[0] == ServeNotificationCommand.readyLine, let id = UInt32(words[1]) else {
            throw LiveTextError(.failed, "the notification helper said '\(line)'")
        }
        return id
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
