// test-support/echo-texts.cypher — sends a list of strings to the server and back, with the server's own count of their characters (a Bolt round trip of a large message)
// params: texts: list<string>   returns: texts: list<string>, chars: number
RETURN $texts AS texts, reduce(n = 0, t IN $texts | n + size(t)) AS chars
