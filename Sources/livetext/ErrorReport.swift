import LiveTextCore

/// The command line's side of `LiveTextError`, the one place errors meet it: the exit codes of
/// PRODUCT.md, and the flag that cures an error added to its message.
extension LiveTextError.Code {
    /// 2 usage, 3 input, 4 environment, 5 cancelled, 1 anything else.
    var exitCode: Int32 {
        switch self {
        case .invalidArgs: 2
        case .invalidImage, .tooLarge, .notFound, .accessDenied: 3
        case .unavailable: 4
        case .cancelled: 5
        case .failed: 1
        }
    }
}

extension LiveTextError {
    /// The message for stderr, naming the flag that cures the error.
    var commandLineMessage: String {
        switch remedy {
        case .raisePixelLimit: message + " (set --max-pixels to raise it)"
        case .nameLanguages: message + " (e.g. --lang eng or --lang eng+deu)"
        case nil: message
        }
    }
}

extension Diagnostics {
    /// Reports a livetext error on stderr, in the command line's words.
    static func error(_ error: LiveTextError) {
        self.error(error.commandLineMessage)
    }
}
