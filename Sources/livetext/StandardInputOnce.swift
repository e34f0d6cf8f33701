import Foundation
import LiveTextCore
import LiveTextEngines
import Synchronization

/// Standard input, read once: the bytes sent to the daemon are the bytes a fallback in this process
/// decodes when the daemon was lost on the way (stdin cannot be read twice).
enum StandardInputOnce {
    /// What the first read gave. Held while reading, so a second caller waits for the first.
    private static let read = Mutex<Result<Data, LiveTextError>?>(nil)

    /// Standard input, read by `input` (its byte cap) the first time.
    static func data(readBy input: ImageInput = ImageInput()) throws(LiveTextError) -> Data {
        try read.withLock { read in
            if let read { return read }
            let result: Result<Data, LiveTextError>
            do {
                result = .success(try input.readStandardInput())
            } catch let error as LiveTextError {
                result = .failure(error)
            } catch {
                result = .failure(LiveTextError(.invalidImage, "stdin: \(error)"))
            }
            read = result
            return result
        }.get()
    }
}
