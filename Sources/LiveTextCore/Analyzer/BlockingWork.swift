import Dispatch

/// Runs blocking, CPU-bound work (OCR, decoding) on a Dispatch thread, so the cooperative
/// pool of Swift concurrency never stalls behind it.
public enum BlockingWork {
    private static let queue = DispatchQueue(label: "org.livetext.work", attributes: .concurrent)

    public static func run<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            queue.async {
                continuation.resume(with: Result { try work() })
            }
        }
    }
}
