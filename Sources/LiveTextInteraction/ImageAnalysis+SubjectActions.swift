import LiveTextCore

extension ImageAnalysis {
    /// The quick actions of `subject` (what a right click on it lists), in the analysis' order;
    /// for a code, also those of the items read from its payload (the items that carry the code's
    /// bounds).
    public func actions(for subject: QuickAction.Subject) -> [QuickAction] {
        actions.filter { action in
            guard action.subject != subject else { return true }
            guard case .code(let code) = subject, case .item(let index) = action.subject,
                  items.indices.contains(index), items[index].source == .code,
                  codes.indices.contains(code) else { return false }
            return items[index].bounds == codes[code].bounds
        }
    }
}
