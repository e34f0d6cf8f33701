import Foundation
import LiveTextCore
import LiveTextEngines

/// Standard input, read once: the bytes sent to the daemon are the bytes a fallback in this process
/// decodes when the daemon was lost on the way (stdin cannot be read twice).
enum StandardInputOnce {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var read: Result<Data, LiveTextError>?

    /// Standard input, read by `input` (its byte cap) the first time.
    static func data(readBy input: ImageInput = ImageInput()) throws(LiveTextError) -> Data {
        try lock.withLock {
            if let read { return read }
            do {
                read = .success(try input.readStandardInput())
            } catch let error as LiveTextError {
                read = .failure(error)
            } catch {
                read = .failure(LiveTextError(.invalidImage, "stdin: \(error)"))
            }
            return read!
        }.get()
    }
}
