import LinkRouting

extension NavigationResolver {
    /// The params an entry of `screen` receives from `given`: every declared param, typed by its
    /// declaration; required ones must be given, defaults fill the rest, optional ones are `null`.
    /// Undeclared params are not passed on.
    public func entryParams(_ screen: Screen, _ given: EntryParams) throws(NavigationError) -> EntryParams {
        try entryParams(screen, given, checked: false)
    }

    /// ``entryParams(_:_:)`` for params each checked already against a spec equal to the one of the
    /// screen's param of its name (`checked`): those already in the screen's form are not checked again.
    /// With `inForm` (a route's match, ``NavigationConfig/matchGivesScreenForm(of:for:)``), params as
    /// many as the screen declares and none `null` are that form, and only these two are looked at.
    @inline(__always)  // into `place`: the usual match's params are returned with no call
    func entryParams(
        _ screen: Screen,
        _ given: EntryParams,
        checked: Bool,
        inForm: Bool = false
    ) throws(NavigationError) -> EntryParams {
        if inForm && Self.isWhole(given, for: screen) {
            // The shortcut rests on the matcher giving captures in pattern order, each converted to
            // its spec's form: debug builds check that the whole look agrees.
            assert(
                screen.params.withUnsafeBufferPointer { isTyped(given, as: $0, checked: checked) },
                "a match taken as in its screen's form is not: \(screen.name)"
            )
            return given
        }
        return try typedParams(screen, given, checked: checked)
    }

    /// ``entryParams(_:_:checked:inForm:)`` without the shortcut: each param looked at.
    private func typedParams(_ screen: Screen, _ given: EntryParams, checked: Bool) throws(NavigationError)
        -> EntryParams
    {
        let declared = screen.params
        var out: [EntryParams.Param] = []
        // Through a buffer pointer: each declaration is read in place, not copied out of the array
        // with its name, spec and mode retained.
        let done = try declared.withUnsafeBufferPointer { (declared) throws(NavigationError) -> Bool in
            if isTyped(given, as: declared, checked: checked) { return true }
            out.reserveCapacity(declared.count)
            for index in declared.indices {
                let name = declared[index].name
                guard let value = given[name], value != .null else {
                    switch declared[index].declaration.mode {
                    case .required: throw .missingParam(screen: screen.name, param: name)
                    case .optional: out.append(EntryParams.Param(name: name, value: .null))
                    case .defaulted(let fallback): out.append(EntryParams.Param(name: name, value: fallback))
                    case .array: out.append(EntryParams.Param(name: name, value: .array([])))
                    }
                    continue
                }
                do throws(ParamSpecError) {
                    let spec = declared[index].declaration.spec
                    if case .array = declared[index].declaration.mode {
                        let elements: [ParamValue]
                        if case .array(let values) = value { elements = values } else { elements = [value] }
                        let values = try elements.map { (e) throws(ParamSpecError) in try typed(e, spec) }
                        out.append(EntryParams.Param(name: name, value: .array(values)))
                    } else {
                        out.append(EntryParams.Param(name: name, value: try typed(value, spec)))
                    }
                } catch {
                    throw .invalidParam(screen: screen.name, param: name, reason: error.message)
                }
            }
            return false
        }
        // Already in the screen's own form: the given storage is the result, no new array.
        return done ? given : EntryParams(ordered: out)
    }

    /// Whether `given` is already what ``entryParams(_:_:)`` would make of it: exactly the declared
    /// params, in order, none null or an array, each valid and already of its declared type (as a
    /// match's params usually are for a screen whose params follow its route's pattern). With
    /// `checked`, the values are known valid (see ``entryParams(_:_:checked:)``) and only their names
    /// and form are looked at.
    private func isTyped(
        _ given: EntryParams,
        as declared: UnsafeBufferPointer<ScreenParam>,
        checked: Bool
    ) -> Bool {
        guard given.count == declared.count else { return false }
        // The given params read in place too: a value copied out of the array is retained and
        // released around each check.
        return given.storage.withUnsafeBufferPointer { params in
            for index in declared.indices {
                // Byte for byte: the result keeps these names, which must be the declared ones.
                guard params[index].name.hasSameUTF8(as: declared[index].name) else { return false }
                // Read in place through the buffer: a copy of the declaration would retain its spec's arrays.
                if case .array = declared[index].declaration.mode { return false }
                if case .null = params[index].value { return false }
                guard Self.isOwnForm(params[index].value, of: declared[index].declaration.spec.type),
                    checked || (try? declared[index].declaration.spec.validate(params[index].value)) != nil
                else { return false }
            }
            return true
        }
    }

    /// Whether `params` are as many as `screen` declares, none `null` (read in place, none copied
    /// out and retained). Always inlined: the usual navigation's whole check, no call.
    @inline(__always)
    private static func isWhole(_ params: EntryParams, for screen: Screen) -> Bool {
        guard params.count == screen.paramCount else { return false }
        return params.storage.withUnsafeBufferPointer { params in
            for index in params.indices {
                if case .null = params[index].value { return false }
            }
            return true
        }
    }

    /// Whether `value` is already in the representation of a param of `type` (``typed(_:_:)`` keeps it).
    private static func isOwnForm(_ value: ParamValue, of type: ParamType) -> Bool {
        switch (type, value) {
        case (.int, .int), (.uint, .uint), (.float, .float), (.bool, .bool): true
        case (.string, .string), (.slug, .string), (.date, .string), (.enum, .string), (.path, .string): true
        default: false
        }
    }

    /// Whether `entryParams` would succeed: a screen whose required params cannot be filled is not a
    /// usable step of a path.
    func canFill(_ screen: Screen, _ given: EntryParams) -> Bool {
        (try? entryParams(screen, given)) != nil
    }

    /// A value in the spec's own representation (`"42"` for an int becomes `.int(42)`).
    private func typed(_ value: ParamValue, _ spec: ParamSpec) throws(ParamSpecError) -> ParamValue {
        // Any single value fits a string param (the load lets `{id:int}` feed `id: string`): its text.
        if case .string = spec.type {
            switch value {
            case .int, .uint, .float, .bool:
                let text = ParamValue.string(value.text)
                try spec.validate(text)
                return text
            default: break
            }
        }
        try spec.validate(value)
        return Self.isOwnForm(value, of: spec.type) ? value : try spec.value(parsing: value.text)
    }

    /// Whether `entry` stands for the same place as `screen` with `params`: equal identity params.
    func sameIdentity(_ entry: StackEntry, _ screen: Screen, _ params: EntryParams, at position: Int? = nil) -> Bool {
        graph.isScreen(of: entry, screen, at: position)
            && screen.identityParams.allSatisfy { entry.params[$0] == params[$0] }
    }
}
