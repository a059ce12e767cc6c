import LinkRouting

extension NavigationResolver {
    /// The params an entry of `screen` receives from `given`: every declared param, typed by its
    /// declaration; required ones must be given, defaults fill the rest, optional ones are `null`.
    /// Undeclared params are not passed on.
    public func entryParams(_ screen: Screen, _ given: EntryParams) throws(NavigationError) -> EntryParams {
        var out: [EntryParams.Param] = []
        out.reserveCapacity(screen.params.count)
        for param in screen.params {
            let declaration = param.declaration
            guard let value = given[param.name], value != .null else {
                switch declaration.mode {
                case .required: throw .missingParam(screen: screen.name, param: param.name)
                case .optional: out.append(EntryParams.Param(name: param.name, value: .null))
                case .defaulted(let fallback): out.append(EntryParams.Param(name: param.name, value: fallback))
                case .array: out.append(EntryParams.Param(name: param.name, value: .array([])))
                }
                continue
            }
            do {
                if case .array = declaration.mode {
                    let elements: [ParamValue]
                    if case .array(let values) = value { elements = values } else { elements = [value] }
                    let values = try elements.map { (e) throws(ParamSpecError) in try typed(e, declaration.spec) }
                    out.append(EntryParams.Param(name: param.name, value: .array(values)))
                } else {
                    out.append(EntryParams.Param(name: param.name, value: try typed(value, declaration.spec)))
                }
            } catch {
                throw .invalidParam(screen: screen.name, param: param.name, reason: error.message)
            }
        }
        return EntryParams(ordered: out)
    }

    /// Whether `entryParams` would succeed: a screen whose required params cannot be filled is not a
    /// usable step of a path.
    func canFill(_ screen: Screen, _ given: EntryParams) -> Bool {
        (try? entryParams(screen, given)) != nil
    }

    /// A value in the spec's own representation (`"42"` for an int becomes `.int(42)`).
    private func typed(_ value: ParamValue, _ spec: ParamSpec) throws(ParamSpecError) -> ParamValue {
        try spec.validate(value)
        switch (spec.type, value) {
        case (.int, .int), (.uint, .uint), (.float, .float), (.bool, .bool): return value
        case (.string, .string), (.slug, .string), (.date, .string), (.enum, .string), (.path, .string): return value
        default: return try spec.value(parsing: value.text)
        }
    }

    /// Whether `entry` stands for the same place as `screen` with `params`: equal identity params.
    func sameIdentity(_ entry: StackEntry, _ screen: Screen, _ params: EntryParams) -> Bool {
        entry.screen == screen.name && screen.identityParams.allSatisfy { entry.params[$0] == params[$0] }
    }
}
