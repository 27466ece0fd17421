# One image for every role (api, worker, scheduler, migrate); the command picks the role.
FROM node:20-slim
WORKDIR /app
ENV NODE_ENV=production
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
ENTRYPOINT ["node", "bin/etl.js"]
CMD ["--help"]
