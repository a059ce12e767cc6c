import LinkRouting

extension Navigator {
    /// Applies a stack operation to the session. A `trail` is given as URLs (`trail(_:session:)`).
    public func perform(_ operation: StackOperation, session: Session) throws(NavigationFailure) -> NavigationOutcome {
        let resolution: Resolution
        do {
            resolution = try config.resolver.perform(
                operation,
                stack: session.stack,
                nextEntryNumber: session.nextEntryNumber
            )
        } catch {
            throw .navigation(error)
        }
        return stackOutcome(resolution, session.resolved(by: resolution))
    }

    /// Replaces the stack with the screens these URLs route to, in order (route redirects are
    /// followed; interceptors do not run).
    public func trail(_ urls: [String], session: Session) throws(NavigationFailure) -> NavigationOutcome {
        var destinations: [Destination] = []
        for start in urls {
            var url = start
            var chain = [url]
            while true {
                let match = try matchURL(LinkText(url))
                switch config.bindings[match.route.index].target {
                case .screen(let screen, _):
                    destinations.append(Destination(screen: screen, params: EntryParams(match: match)))
                case .redirect(let template):
                    let target = try RedirectTarget.expand(template, match: match, from: url)
                    let key = RedirectTarget.canonical(target)
                    guard !chain.contains(where: { RedirectTarget.canonical($0) == key }) else {
                        throw .redirectLoop(chain + [target])
                    }
                    guard chain.count <= config.redirectLimit else { throw .tooManyRedirects(chain + [target]) }
                    chain.append(target)
                    url = target
                    continue
                }
                break
            }
        }
        return try perform(.trail(destinations), session: session)
    }

    func stackOutcome(_ resolution: Resolution, _ session: Session) -> NavigationOutcome {
        NavigationOutcome(
            status: resolution.isUnchanged ? .unchanged : .navigated,
            match: nil,
            routeParams: EntryParams(),
            redirects: [],
            interceptors: [],
            resolution: resolution,
            session: session
        )
    }
}
