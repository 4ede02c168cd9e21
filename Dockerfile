# pbc in a container: see docs/deploy.md. Not built by CI (no Docker
# engine runs there); the build stage runs the same go build as the docs.
#
#   docker build -t pbc .
#   docker run -e DISCORD_TOKEN -v pbc-data:/var/lib/pbc \
#     -v ./config.yaml:/etc/pbc/config.yaml:ro pbc run -config /etc/pbc/config.yaml

# cgo: the embedded SQLite is C. The Go version is the one go.mod names.
FROM golang:1.26.8-bookworm AS build
WORKDIR /src
COPY go.mod go.sum ./
RUN go mod download
COPY . .
RUN CGO_ENABLED=1 go build -trimpath -ldflags='-s -w' -o /out/pbc ./cmd/pbc \
	&& mkdir /out/data

# glibc (for cgo), CA certificates and time zones, no shell; runs as the
# unprivileged user 65532.
FROM gcr.io/distroless/base-debian12:nonroot
COPY --from=build /out/pbc /usr/local/bin/pbc
COPY --from=build --chown=65532:65532 /out/data /var/lib/pbc
WORKDIR /var/lib/pbc
VOLUME /var/lib/pbc
# pbc serve's interactions endpoint and GET /healthz (listen: ":8080").
EXPOSE 8080
ENTRYPOINT ["/usr/local/bin/pbc"]
CMD ["serve", "-config", "/etc/pbc/config.yaml"]
