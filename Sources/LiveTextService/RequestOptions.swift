import DBusKit
import LiveTextCore

/// A request's options over the daemon's defaults: what the caller asked (`requested`, whose
/// fields read through: `options.copy`) and the analyzer configuration it makes. Requests read
/// them inside `replying`, which gives livetext's errors their D-Bus names.
@dynamicMemberLookup
struct RequestOptions: Sendable {
    let requested: AnalysisRequestOptions
    let configuration: ImageAnalyzer.Configuration

    init(_ requested: AnalysisRequestOptions, defaults: ImageAnalyzer.Configuration) {
        self.requested = requested
        configuration = requested.configuration(over: defaults)
    }

    init(_ options: [String: DBusValue], defaults: ImageAnalyzer.Configuration, capturing: Bool = false) throws {
        self.init(try AnalysisRequestOptions(decoding: options, capturing: capturing), defaults: defaults)
    }

    subscript<Value>(dynamicMember field: KeyPath<AnalysisRequestOptions, Value>) -> Value {
        requested[keyPath: field]
    }
}
