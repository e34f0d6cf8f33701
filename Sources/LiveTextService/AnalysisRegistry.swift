import DBusKit
import Foundation
import LiveTextCore

/// The analyses the service holds, by id, by caller (a bus connection) and by client (the
/// process behind its connections), with the per-client limit and expiry.
actor AnalysisRegistry {
    private var records: [Int: AnalysisRecord] = [:]
    private var nextID = 1
    var lifetime: Duration

    init(lifetime: Duration = .seconds(600)) {
        self.lifetime = lifetime
    }

    /// A new record for the connection `owner` of `client`; `LimitsExceeded` when the client holds
    /// too many, over all its connections.
    func create(owner: String, client: String, maxPerClient: Int, isCapture: Bool = false,
                outlivesCaller: Bool = false, isOnBus: Bool = true, isLive: Bool = false, display: String? = nil,
                xauthority: String? = nil, waylandDisplay: String? = nil) throws -> AnalysisRecord {
        let held = records.values.filter { $0.client == client }.count
        guard held < maxPerClient else {
            throw DBusError.limitsExceeded(
                "this client (\(client)) holds \(held) analyses, the limit (limits.max_analyses_per_caller): "
                + "Release() the ones you are done with")
        }
        let record = AnalysisRecord(id: nextID, owner: owner, client: client, isCapture: isCapture,
                                    outlivesCaller: outlivesCaller, isOnBus: isOnBus, isLive: isLive,
                                    display: display, xauthority: xauthority, waylandDisplay: waylandDisplay)
        nextID += 1
        records[record.id] = record
        return record
    }

    func record(_ id: Int) -> AnalysisRecord? { records[id] }

    func records(of owner: String) -> [AnalysisRecord] {
        records.values.filter { $0.owner == owner }.sorted { $0.id < $1.id }
    }

    /// Forgets a record (the caller unexports its object); returns it if it was there.
    @discardableResult
    func remove(_ id: Int) -> AnalysisRecord? {
        records.removeValue(forKey: id)
    }

    var count: Int { records.count }
}
