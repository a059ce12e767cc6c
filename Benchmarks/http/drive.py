#!/usr/bin/env python3
"""Sends COUNT navigates in navigate.lua's order (request k goes to session s(k mod SESSIONS) with
URL k mod the URL count), starting at k = START, each after the previous answer, over CONNECTIONS
keep-alive connections in turn (request k on connection k mod CONNECTIONS; default 1); exits
non-zero on any answer but 200. The body is the bare URL as text/plain, or with BODY=json the JSON
object {"url": ...} as application/json.

    drive.py PORT URLS_FILE START COUNT SESSIONS [BODY] [CONNECTIONS]
"""
import socket
import sys


def main() -> None:
    port, urls_file = int(sys.argv[1]), sys.argv[2]
    start, count, sessions = int(sys.argv[3]), int(sys.argv[4]), int(sys.argv[5])
    json_body = len(sys.argv) > 6 and sys.argv[6] == "json"
    connections = int(sys.argv[7]) if len(sys.argv) > 7 else 1
    media = b"application/json" if json_body else b"text/plain"
    with open(urls_file) as lines:
        urls = [line.strip().encode() for line in lines if line.strip()]
    socks = [socket.create_connection(("127.0.0.1", port)) for _ in range(connections)]
    pending = [b""] * connections
    for k in range(start, start + count):
        c = k % connections
        sock = socks[c]
        url = urls[k % len(urls)]
        body = b'{"url":"%s"}' % url if json_body else url
        sock.sendall(
            b"POST /v1/sessions/s%d/navigate HTTP/1.1\r\nHost: 127.0.0.1:%d\r\nContent-Type: %s\r\n"
            b"Content-Length: %d\r\n\r\n%s" % (k % sessions, port, media, len(body), body)
        )
        while True:
            end = pending[c].find(b"\r\n\r\n")
            if end >= 0:
                head = pending[c][:end].decode("latin-1").split("\r\n")
                length = 0
                for line in head[1:]:
                    name, _, value = line.partition(":")
                    if name.strip().lower() == "content-length":
                        length = int(value)
                if len(pending[c]) >= end + 4 + length:
                    body = pending[c][end + 4 : end + 4 + length]
                    if head[0].split(" ")[1] != "200":
                        sys.exit("request %d (%s): %s %r" % (k, url.decode(), head[0], body))
                    pending[c] = pending[c][end + 4 + length :]
                    break
            chunk = sock.recv(65536)
            if not chunk:
                sys.exit("request %d: the connection closed" % k)
            pending[c] += chunk


if __name__ == "__main__":
    main()
